"""Card catalogs: human-editable TOML files in ``data/catalogs/<family>/``, loaded with clear errors.

>>> cat = load_catalog("fw")
>>> cat["Nominod"].cost
3
"""

from .loader import (
           family_folder,
           load_catalog,
           load_catalog_from,
           load_family,
           parse_catalog_text,
           register_family,
)
from .model import Card, Catalog, CatalogError

__all__ = ["Card", "Catalog", "CatalogError", "family_folder", "load_catalog", "load_catalog_from", "load_family",
           "parse_catalog_text", "register_family"]
