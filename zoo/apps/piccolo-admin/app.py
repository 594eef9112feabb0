"""The zoo's record shop in Piccolo Admin: `uvicorn app:app` with ZOO_DATA set (see app.yaml)."""

from piccolo.apps.user.tables import BaseUser
from piccolo_admin.endpoints import OrderBy, TableConfig, create_admin
from piccolo_api.session_auth.tables import SessionsBase

from tables import Album, Artist, Customer, Label, Order

albums = TableConfig(
    table_class=Album,
    visible_columns=[Album._meta.primary_key, Album.title, Album.artist, Album.genre, Album.format,
                     Album.price, Album.stock, Album.on_sale],
    visible_filters=[Album.title, Album.artist, Album.label, Album.genre, Album.format, Album.release_date,
                     Album.price, Album.stock, Album.on_sale],
    menu_group="Catalogue",
    order_by=[OrderBy(Album.title)],
)
artists = TableConfig(table_class=Artist, menu_group="Catalogue", order_by=[OrderBy(Artist.name)],
                      visible_columns=[Artist._meta.primary_key, Artist.name, Artist.country, Artist.formed,
                                       Artist.active])
labels = TableConfig(table_class=Label, menu_group="Catalogue", order_by=[OrderBy(Label.name)])
customers = TableConfig(
    table_class=Customer, menu_group="Sales", order_by=[OrderBy(Customer.last_name)],
    visible_columns=[Customer._meta.primary_key, Customer.last_name, Customer.first_name, Customer.email,
                     Customer.city, Customer.joined, Customer.loyalty_member, Customer.points],
)
orders = TableConfig(
    table_class=Order, menu_group="Sales", order_by=[OrderBy(Order.order_date, ascending=False)],
    visible_columns=[Order._meta.primary_key, Order.customer, Order.album, Order.quantity, Order.order_date,
                     Order.status, Order.total, Order.gift_wrap],
)

app = create_admin(
    tables=[albums, artists, labels, customers, orders],
    auth_table=BaseUser,
    session_table=SessionsBase,
    site_name="Groove Records Admin",
    session_expiry=__import__("datetime").timedelta(hours=12),
)
