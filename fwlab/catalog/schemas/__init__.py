"""One schema per catalog family."""

from __future__ import annotations

from ..spec import FamilySchema
from . import conquest, daemornia, eredan, freerealms

SCHEMAS: dict[str, FamilySchema] = {
    "daemornia": daemornia.SCHEMA,
    "freerealms": freerealms.SCHEMA,
    "eredan": eredan.SCHEMA,
    "conquest": conquest.SCHEMA,
}
