"""fwlab: a card-analytics workbench for Fallen Worlds Online and four related games."""

__version__ = "0.1.0"
