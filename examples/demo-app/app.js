// Demo Shop shared code: the signed-in user and the cart live in localStorage
// (one browser context = one shopper), and every page gets the same header.
"use strict";
const Demo = {
  user() { return localStorage.getItem("demo.user"); },
  signIn(name) { localStorage.setItem("demo.user", name); },
  signOut() { localStorage.removeItem("demo.user"); },
  cart() { try { return JSON.parse(localStorage.getItem("demo.cart") || "[]"); } catch (e) { return []; } },
  saveCart(items) { localStorage.setItem("demo.cart", JSON.stringify(items)); Demo.renderBadge(); },
  addToCart(item) { const items = Demo.cart(); items.push(item); Demo.saveCart(items); },
  count() { return Demo.cart().reduce((n, item) => n + (item.qty || 1), 0); },
  money(cents) { return "$" + (cents / 100).toFixed(2); },
  products: [
    { id: "tshirt", name: "Tapwright T-shirt", category: "Clothing", price: 2500, stock: 12 },
    { id: "mug", name: "Coffee mug", category: "Kitchen", price: 1200, stock: 30 },
    { id: "lamp", name: "Desk lamp", category: "Home", price: 4500, stock: 0 },
    { id: "notebook", name: "Notebook", category: "Office", price: 800, stock: 54 },
    { id: "hoodie", name: "Zip hoodie", category: "Clothing", price: 5500, stock: 4 },
  ],
  renderBadge() {
    const badge = document.getElementById("cart-badge");
    if (badge) badge.textContent = String(Demo.count());
  },
  renderHeader() {
    const header = document.querySelector("header.top");
    if (!header) return;
    const user = Demo.user();
    header.innerHTML = `
      <a class="brand" href="/shop">Demo Shop</a>
      <nav aria-label="Main">
        <a href="/shop">Shop</a>
        <span><a href="/cart" id="cart-link">Cart</a><span id="cart-badge" class="badge" role="status" data-testid="cart-badge" title="Cart badge">0</span></span>
        <a href="/checkout">Checkout</a>
        <a href="/help">Help</a>
      </nav>
      <div class="user">${user
        ? `<span id="welcome">Welcome, ${user.replace(/[<>&"]/g, "")}</span><button type="button" class="link" id="sign-out">Sign out</button>`
        : `<span id="welcome">Welcome, guest</span><a href="/login">Log in</a>`}</div>`;
    const out = document.getElementById("sign-out");
    if (out) out.addEventListener("click", () => { Demo.signOut(); location.href = "/login"; });
    Demo.renderBadge();
  },
};
document.addEventListener("DOMContentLoaded", () => Demo.renderHeader());
