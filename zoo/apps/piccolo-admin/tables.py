"""The record shop's tables: labels, artists, albums, customers and orders."""

from decimal import Decimal
from enum import Enum

from piccolo.columns import (
    Boolean,
    Date,
    ForeignKey,
    Integer,
    Numeric,
    Text,
    Varchar,
)
from piccolo.columns.choices import Choice
from piccolo.columns.readable import Readable
from piccolo.table import Table


class Label(Table):
    name = Varchar(length=100, required=True)
    city = Varchar(length=100)
    founded = Integer(null=True)
    independent = Boolean(default=True)

    @classmethod
    def get_readable(cls):
        return Readable(template="%s", columns=[cls.name])


class Artist(Table):
    name = Varchar(length=150, required=True)
    country = Varchar(length=60)
    formed = Integer(null=True, help_text="Year the artist started recording")
    active = Boolean(default=True)
    biography = Text()

    @classmethod
    def get_readable(cls):
        return Readable(template="%s", columns=[cls.name])


class Album(Table):
    class Genre(str, Enum):
        rock = "Rock"
        jazz = "Jazz"
        soul = "Soul"
        electronic = "Electronic"
        folk = "Folk"
        hip_hop = "Hip Hop"
        classical = "Classical"

    class Format(Enum):
        lp = Choice("LP", display_name="LP")
        double_lp = Choice("2LP", display_name="Double LP")
        single = Choice("7-inch single", display_name="7-inch single")
        cd = Choice("CD", display_name="CD")
        cassette = Choice("Cassette", display_name="Cassette")

    title = Varchar(length=200, required=True)
    artist = ForeignKey(references=Artist, null=True)
    label = ForeignKey(references=Label, null=True)
    genre = Varchar(length=20, choices=Genre, default=Genre.rock)
    format = Varchar(length=20, choices=Format, default="LP")
    release_date = Date(null=True)
    price = Numeric(digits=(6, 2), default=Decimal("0.00"))
    stock = Integer(default=0)
    on_sale = Boolean(default=False)
    notes = Text()

    @classmethod
    def get_readable(cls):
        return Readable(template="%s", columns=[cls.title])


class Customer(Table):
    first_name = Varchar(length=80, required=True)
    last_name = Varchar(length=80, required=True)
    email = Varchar(length=150)
    city = Varchar(length=80)
    joined = Date(null=True)
    loyalty_member = Boolean(default=False)
    points = Integer(default=0)

    @classmethod
    def get_readable(cls):
        return Readable(template="%s %s", columns=[cls.first_name, cls.last_name])


class Order(Table):
    class Status(str, Enum):
        pending = "Pending"
        paid = "Paid"
        shipped = "Shipped"
        delivered = "Delivered"
        cancelled = "Cancelled"

    customer = ForeignKey(references=Customer, null=True)
    album = ForeignKey(references=Album, null=True)
    quantity = Integer(default=1)
    order_date = Date(null=True)
    status = Varchar(length=20, choices=Status, default=Status.pending)
    total = Numeric(digits=(8, 2), default=Decimal("0.00"))
    gift_wrap = Boolean(default=False)
    note = Text()
