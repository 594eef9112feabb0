// The demo product catalog (72 items), used by products.html.
window.CATALOG = [
{
"id": 1,
"name": "Alpine Dome Tent",
"category": "Outdoor > Tents",
"price": 35.0,
"rating": null
},
{
"id": 2,
"name": "Prairie Trekking Pack",
"category": "Outdoor > Backpacks",
"price": 639.5,
"rating": 4.5
},
{
"id": 3,
"name": "Summit Mummy Bag",
"category": "Outdoor > Sleeping bags",
"price": 190.5,
"rating": 4.2
},
{
"id": 4,
"name": "Prairie Pour-over Kettle",
"category": "Home > Kitchen",
"price": 92.49,
"rating": 3.5
},
{
"id": 5,
"name": "Canyon Night Light",
"category": "Home > Lighting",
"price": 609.49,
"rating": 5.0
},
{
"id": 6,
"name": "Harbor Wireless Earbuds",
"category": "Electronics > Audio",
"price": 454.99,
"rating": null
},
{
"id": 7,
"name": "Meadow Instant Camera",
"category": "Electronics > Cameras",
"price": 34.49,
"rating": null
},
{
"id": 8,
"name": "Harbor Ridge Tent",
"category": "Outdoor > Tents",
"price": 584.99,
"rating": 4.0
},
{
"id": 9,
"name": "Meadow Travel Pack",
"category": "Outdoor > Backpacks",
"price": 604.5,
"rating": 5.0
},
{
"id": 10,
"name": "Forest Mummy Bag",
"category": "Outdoor > Sleeping bags",
"price": 169.49,
"rating": 4.0
},
{
"id": 11,
"name": "Glacier Chef Knife",
"category": "Home > Kitchen",
"price": 1292.0,
"rating": 4.5
},
{
"id": 12,
"name": "Alpine Desk Lamp",
"category": "Home > Lighting",
"price": 68.95,
"rating": 3.9
},
{
"id": 13,
"name": "Alpine Portable Speaker",
"category": "Electronics > Audio",
"price": 126.99,
"rating": 3.9
},
{
"id": 14,
"name": "Prairie Trail Camera",
"category": "Electronics > Cameras",
"price": 71.49,
"rating": 5.0
},
{
"id": 15,
"name": "Alpine Tunnel Tent",
"category": "Outdoor > Tents",
"price": 158.95,
"rating": null
},
{
"id": 16,
"name": "Desert Hydration Pack",
"category": "Outdoor > Backpacks",
"price": 153.95,
"rating": null
},
{
"id": 17,
"name": "Summit Synthetic Bag",
"category": "Outdoor > Sleeping bags",
"price": 21.95,
"rating": 4.8
},
{
"id": 18,
"name": "Forest Spice Rack",
"category": "Home > Kitchen",
"price": 9.99,
"rating": 3.5
},
{
"id": 19,
"name": "Forest Night Light",
"category": "Home > Lighting",
"price": 180.5,
"rating": 3.9
},
{
"id": 20,
"name": "Canyon Portable Speaker",
"category": "Electronics > Audio",
"price": 55.0,
"rating": 4.0
},
{
"id": 21,
"name": "Glacier Trail Camera",
"category": "Electronics > Cameras",
"price": 454.95,
"rating": 4.8
},
{
"id": 22,
"name": "Desert Tunnel Tent",
"category": "Outdoor > Tents",
"price": 20.95,
"rating": 3.9
},
{
"id": 23,
"name": "Coastal Travel Pack",
"category": "Outdoor > Backpacks",
"price": 155.95,
"rating": 5.0
},
{
"id": 24,
"name": "Summit Down Bag",
"category": "Outdoor > Sleeping bags",
"price": 26.0,
"rating": 3.9
},
{
"id": 25,
"name": "Urban Cutting Board",
"category": "Home > Kitchen",
"price": 466.0,
"rating": 3.9
},
{
"id": 26,
"name": "Urban Floor Lamp",
"category": "Home > Lighting",
"price": 145.49,
"rating": 4.2
},
{
"id": 27,
"name": "Prairie Portable Speaker",
"category": "Electronics > Audio",
"price": 940.99,
"rating": 3.9
},
{
"id": 28,
"name": "Harbor Instant Camera",
"category": "Electronics > Cameras",
"price": 83.49,
"rating": 4.2
},
{
"id": 29,
"name": "Alpine Pop-up Tent",
"category": "Outdoor > Tents",
"price": 32.95,
"rating": null
},
{
"id": 30,
"name": "Glacier Travel Pack",
"category": "Outdoor > Backpacks",
"price": 64.95,
"rating": 4.5
},
{
"id": 31,
"name": "Harbor Mummy Bag",
"category": "Outdoor > Sleeping bags",
"price": 50.99,
"rating": 4.8
},
{
"id": 32,
"name": "Harbor Spice Rack",
"category": "Home > Kitchen",
"price": 25.99,
"rating": 4.2
},
{
"id": 33,
"name": "Meadow Floor Lamp",
"category": "Home > Lighting",
"price": 1104.5,
"rating": 4.8
},
{
"id": 34,
"name": "Summit Portable Speaker",
"category": "Electronics > Audio",
"price": 17.5,
"rating": 4.2
},
{
"id": 35,
"name": "Coastal Instant Camera",
"category": "Electronics > Cameras",
"price": 397.95,
"rating": 4.2
},
{
"id": 36,
"name": "Harbor Dome Tent",
"category": "Outdoor > Tents",
"price": 57.49,
"rating": 5.0
},
{
"id": 37,
"name": "Canyon Trekking Pack",
"category": "Outdoor > Backpacks",
"price": 1038.49,
"rating": 3.9
},
{
"id": 38,
"name": "Forest Synthetic Bag",
"category": "Outdoor > Sleeping bags",
"price": 109.5,
"rating": 3.5
},
{
"id": 39,
"name": "Harbor Cast Iron Pan",
"category": "Home > Kitchen",
"price": 496.0,
"rating": 4.0
},
{
"id": 40,
"name": "Summit String Lights",
"category": "Home > Lighting",
"price": 19.99,
"rating": 3.9
},
{
"id": 41,
"name": "Coastal Studio Headphones",
"category": "Electronics > Audio",
"price": 479.95,
"rating": 4.8
},
{
"id": 42,
"name": "Nordic Trail Camera",
"category": "Electronics > Cameras",
"price": 50.0,
"rating": 4.8
},
{
"id": 43,
"name": "Forest Ultralight Tent",
"category": "Outdoor > Tents",
"price": 142.5,
"rating": 4.8
},
{
"id": 44,
"name": "Glacier Hydration Pack",
"category": "Outdoor > Backpacks",
"price": 147.95,
"rating": 4.2
},
{
"id": 45,
"name": "Prairie Mummy Bag",
"category": "Outdoor > Sleeping bags",
"price": 12.0,
"rating": 3.5
},
{
"id": 46,
"name": "Prairie Spice Rack",
"category": "Home > Kitchen",
"price": 39.95,
"rating": 4.8
},
{
"id": 47,
"name": "Coastal Desk Lamp",
"category": "Home > Lighting",
"price": 539.95,
"rating": null
},
{
"id": 48,
"name": "Meadow Portable Speaker",
"category": "Electronics > Audio",
"price": 61.99,
"rating": 4.0
},
{
"id": 49,
"name": "Coastal Trail Camera",
"category": "Electronics > Cameras",
"price": 511.99,
"rating": 5.0
},
{
"id": 50,
"name": "Glacier Tunnel Tent",
"category": "Outdoor > Tents",
"price": 1198.99,
"rating": 5.0
},
{
"id": 51,
"name": "Summit Travel Pack",
"category": "Outdoor > Backpacks",
"price": 1190.0,
"rating": 4.5
},
{
"id": 52,
"name": "Meadow Synthetic Bag",
"category": "Outdoor > Sleeping bags",
"price": 94.5,
"rating": 3.5
},
{
"id": 53,
"name": "Meadow Cutting Board",
"category": "Home > Kitchen",
"price": 1069.0,
"rating": 3.9
},
{
"id": 54,
"name": "Coastal String Lights",
"category": "Home > Lighting",
"price": 87.5,
"rating": 4.0
},
{
"id": 55,
"name": "Coastal Bookshelf Speaker",
"category": "Electronics > Audio",
"price": 1434.49,
"rating": 4.2
},
{
"id": 56,
"name": "Alpine Trail Camera",
"category": "Electronics > Cameras",
"price": 15.5,
"rating": 5.0
},
{
"id": 57,
"name": "Canyon Tunnel Tent",
"category": "Outdoor > Tents",
"price": 675.0,
"rating": 3.9
},
{
"id": 58,
"name": "Harbor Daypack",
"category": "Outdoor > Backpacks",
"price": 42.49,
"rating": 4.8
},
{
"id": 59,
"name": "Canyon Mummy Bag",
"category": "Outdoor > Sleeping bags",
"price": 115.49,
"rating": 3.5
},
{
"id": 60,
"name": "Summit Cast Iron Pan",
"category": "Home > Kitchen",
"price": 43.0,
"rating": 4.2
},
{
"id": 61,
"name": "Urban Night Light",
"category": "Home > Lighting",
"price": 483.49,
"rating": 4.2
},
{
"id": 62,
"name": "Alpine Wireless Earbuds",
"category": "Electronics > Audio",
"price": 193.5,
"rating": 4.0
},
{
"id": 63,
"name": "Desert Trail Camera",
"category": "Electronics > Cameras",
"price": 45.0,
"rating": 5.0
},
{
"id": 64,
"name": "Summit Tunnel Tent",
"category": "Outdoor > Tents",
"price": 794.95,
"rating": 4.2
},
{
"id": 65,
"name": "Coastal Daypack",
"category": "Outdoor > Backpacks",
"price": 1331.49,
"rating": 4.5
},
{
"id": 66,
"name": "Alpine Synthetic Bag",
"category": "Outdoor > Sleeping bags",
"price": 152.5,
"rating": 4.5
},
{
"id": 67,
"name": "Alpine Chef Knife",
"category": "Home > Kitchen",
"price": 19.5,
"rating": 4.2
},
{
"id": 68,
"name": "Alpine String Lights",
"category": "Home > Lighting",
"price": 9.0,
"rating": 4.8
},
{
"id": 69,
"name": "Forest Bookshelf Speaker",
"category": "Electronics > Audio",
"price": 984.99,
"rating": null
},
{
"id": 70,
"name": "Canyon Action Camera",
"category": "Electronics > Cameras",
"price": 427.5,
"rating": 4.2
},
{
"id": 71,
"name": "Urban Pop-up Tent",
"category": "Outdoor > Tents",
"price": 30.95,
"rating": null
},
{
"id": 72,
"name": "Canyon Summit Pack",
"category": "Outdoor > Backpacks",
"price": 48.0,
"rating": 4.5
}
];
