from django.contrib import admin

from .models import Category, Order, OrderLine, Product, Supplier, Tag


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ("name", "description")
    search_fields = ("name",)


@admin.register(Supplier)
class SupplierAdmin(admin.ModelAdmin):
    list_display = ("name", "email", "country", "preferred")
    list_filter = ("country", "preferred")


@admin.register(Tag)
class TagAdmin(admin.ModelAdmin):
    search_fields = ("label",)


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ("name", "sku", "category", "price", "stock", "active", "launch_date")
    list_editable = ("price", "stock", "active")
    list_filter = ("active", "category", "supplier")
    search_fields = ("name", "sku")
    date_hierarchy = "launch_date"
    filter_horizontal = ("tags",)
    autocomplete_fields = ("category",)
    fieldsets = (
        (None, {"fields": ("name", "sku", "category", "supplier")}),
        ("Pricing and stock", {"fields": ("price", "stock", "active", "launch_date")}),
        ("More", {"classes": ("collapse",), "fields": ("tags", "notes")}),
    )


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    extra = 1


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = ("number", "customer", "status", "placed_at", "gift")
    list_filter = ("status", "gift", "placed_at")
    search_fields = ("number", "customer", "email")
    inlines = [OrderLineInline]
    actions = ["mark_shipped"]

    @admin.action(description="Mark selected orders as shipped")
    def mark_shipped(self, request, queryset):
        queryset.update(status="shipped")
