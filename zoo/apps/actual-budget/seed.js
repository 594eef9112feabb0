// Seeds a running Actual sync server: sets its password over HTTP, then builds one budget with
// @actual-app/api (accounts, category groups, payees, three months of transactions, budgeted
// amounts) and uploads it to the server, so the web UI lists it after the password.
// Dates are relative to today: the budget page opens on the current month, which has activity.
// usage: node seed.js URL DATA_DIR
"use strict";
const fs = require("fs");
const path = require("path");
const api = require("@actual-app/api");

const [url, data] = process.argv.slice(2);
const PASSWORD = "zoo-budget-pw";
const BUDGET = "Household Budget";

async function bootstrap() {
  const res = await fetch(`${url}/account/bootstrap`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const body = await res.json();
  if (body.status !== "ok") throw new Error(`bootstrap failed: ${JSON.stringify(body)}`);
}

function monthDay(monthsBack, day) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day));
  return d.toISOString().slice(0, 10);
}

function month(monthsBack) {
  return monthDay(monthsBack, 1).slice(0, 7);
}

const cents = (amount) => Math.round(amount * 100);

async function build() {
  const checking = await api.createAccount({ name: "Everyday Checking" }, cents(2450));
  const savings = await api.createAccount({ name: "Rainy Day Savings" }, cents(8000));
  const visa = await api.createAccount({ name: "Visa Card" }, cents(-312.4));

  const groups = {
    Bills: ["Rent", "Electricity", "Internet", "Phone"],
    "Everyday Spending": ["Groceries", "Restaurants", "Transport", "Household"],
    "Fun & Leisure": ["Books", "Streaming", "Hobbies"],
  };
  const cat = {};
  for (const [group, names] of Object.entries(groups)) {
    const groupId = await api.createCategoryGroup({ name: group });
    // Each new category goes to the top of its group: create them last first.
    for (const name of [...names].reverse()) cat[name] = await api.createCategory({ name, group_id: groupId });
  }
  const income = (await api.getCategories()).find((c) => c.is_income && c.name === "Income");
  cat.Income = income.id;

  const payeeNames = [
    "Acme Corp Payroll", "Northside Property Mgmt", "City Power & Light", "Fibrenet", "Mobile One",
    "Greenleaf Market", "Corner Bakery", "Casa Luna Trattoria", "Metro Transit", "Hardware Haven",
    "Bookworm Books", "StreamFlix", "Craft Corner", "Freelance Client",
  ];
  const payee = {};
  for (const name of payeeNames) payee[name] = await api.createPayee({ name });
  const toSavings = (await api.getPayees()).find((p) => p.transfer_acct === savings).id;

  // [monthsBack, day, payee, category, amount, notes, cleared]
  const checkingRows = [];
  const visaRows = [];
  for (const back of [2, 1, 0]) {
    checkingRows.push(
      [back, 1, "Acme Corp Payroll", "Income", 3200, "Monthly salary", true],
      [back, 2, "Northside Property Mgmt", "Rent", -1150, "", true],
      [back, 8, "City Power & Light", "Electricity", -[64.2, 71.85, 58.4][back], "", true],
      [back, 10, "Fibrenet", "Internet", -39.99, "", true],
      [back, 12, "Mobile One", "Phone", -25, "", true],
      [back, 5, "Greenleaf Market", "Groceries", -[86.45, 102.3, 94.12][back], "", true],
      [back, 19, "Greenleaf Market", "Groceries", -[73.9, 58.6, 121.75][back], "", back !== 0],
    );
    visaRows.push(
      [back, 6, "Casa Luna Trattoria", "Restaurants", -[48.5, 62, 35.8][back], "", true],
      [back, 14, "Metro Transit", "Transport", -45, "Monthly pass", true],
      [back, 16, "StreamFlix", "Streaming", -13.99, "", true],
    );
  }
  checkingRows.push(
    [1, 20, "Freelance Client", "Income", 650, "Logo design job", true],
    [0, 3, "Corner Bakery", "Groceries", -12.4, "Birthday cake order", true],
    [2, 22, "Hardware Haven", "Household", -134.99, "New drill", true],
  );
  visaRows.push(
    [2, 11, "Bookworm Books", "Books", -27.5, "", true],
    [1, 24, "Bookworm Books", "Books", -18.95, "Gift for Sam", true],
    [0, 9, "Craft Corner", "Hobbies", -42.3, "Watercolour paints", true],
    [1, 9, "Hardware Haven", "Household", -23.49, "", true],
    [0, 17, "Casa Luna Trattoria", "Restaurants", -71.2, "Dinner with friends", false],
  );
  const toTx = ([back, day, who, category, amount, notes, cleared]) => ({
    date: monthDay(back, day), payee: payee[who], category: cat[category], amount: cents(amount),
    notes, cleared,
  });
  await api.addTransactions(checking, checkingRows.map(toTx));
  await api.addTransactions(visa, visaRows.map(toTx));
  // Transfers from checking to savings, one a month.
  await api.addTransactions(
    checking,
    [2, 1, 0].map((back) => ({
      date: monthDay(back, 25), payee: toSavings, amount: cents(-300), notes: "Monthly saving", cleared: true,
    })),
    { runTransfers: true },
  );

  // The starting balances are dated today by createAccount: move them before the first month.
  for (const account of [checking, savings, visa]) {
    for (const tx of await api.getTransactions(account, monthDay(0, 1), monthDay(-1, 28))) {
      if (tx.starting_balance_flag) await api.updateTransaction(tx.id, { date: monthDay(3, 28) });
    }
  }

  const budgeted = {
    Rent: 1150, Electricity: 70, Internet: 40, Phone: 25, Groceries: 350, Restaurants: 120,
    Transport: 45, Household: 60, Books: 30, Streaming: 14, Hobbies: 40,
  };
  for (const back of [2, 1, 0]) {
    for (const [name, amount] of Object.entries(budgeted)) {
      await api.setBudgetAmount(month(back), cat[name], cents(amount));
    }
  }
}

async function main() {
  await bootstrap();
  const cache = path.join(data, "api-cache");
  fs.mkdirSync(cache, { recursive: true });
  await api.init({ dataDir: cache, serverURL: url, password: PASSWORD });
  await api.runImport(BUDGET, build);
  const budgets = await api.getBudgets();
  await api.shutdown();
  const files = new Set(budgets.filter((b) => b.cloudFileId && b.name === BUDGET).map((b) => b.cloudFileId));
  if (files.size !== 1) throw new Error(`budget not uploaded once: ${JSON.stringify(budgets)}`);
  console.log(`seeded "${BUDGET}" on the server (file ${[...files][0]})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
