"""One schema per catalog family."""

from __future__ import annotations

from ..spec import FamilySchema
from . import daemornia

SCHEMAS: dict[str, FamilySchema] = {
    "daemornia": daemornia.SCHEMA,
}
