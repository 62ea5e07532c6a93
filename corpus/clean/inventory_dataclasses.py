# corpus: profile=safe_eval decision=allow
"""A small inventory model built from dataclasses."""
from dataclasses import dataclass, field, asdict
from decimal import Decimal
from typing import Optional


@dataclass(frozen=True, order=True)
class Item:
    sku: str
    name: str
    price: Decimal


@dataclass
class Stock:
    item: Item
    quantity: int = 0
    tags: list[str] = field(default_factory=list)

    @property
    def value(self) -> Decimal:
        return self.item.price * self.quantity


@dataclass
class Inventory:
    entries: dict[str, Stock] = field(default_factory=dict)

    def add(self, item: Item, quantity: int, *tags: str) -> None:
        stock = self.entries.setdefault(item.sku, Stock(item))
        stock.quantity += quantity
        stock.tags.extend(t for t in tags if t not in stock.tags)

    def find(self, sku: str) -> Optional[Stock]:
        return self.entries.get(sku)

    def total_value(self) -> Decimal:
        return sum((s.value for s in self.entries.values()), Decimal("0"))


inventory = Inventory()
inventory.add(Item("A-1", "bolt", Decimal("0.25")), 400, "metal")
inventory.add(Item("B-7", "hinge", Decimal("3.10")), 12, "metal", "door")
inventory.add(Item("A-1", "bolt", Decimal("0.25")), 100)
cheapest = min(stock.item for stock in inventory.entries.values())
print(inventory.total_value(), cheapest.name, asdict(inventory.find("B-7")))
