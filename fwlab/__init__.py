"""fwlab: a card-analytics workbench for Fallen Worlds Online and four related games."""

from . import native as _native

__version__ = "0.1.0"

# the compiled rules core, when a build for the current sources exists (see fwlab/native.py)
_native.enable()
