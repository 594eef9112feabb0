// Node-RED settings for the zoo: loopback only, port and state from the zoo runner's environment.
module.exports = {
    uiHost: process.env.ZOO_HOST || "127.0.0.1",
    uiPort: parseInt(process.env.ZOO_PORT || "1880", 10),
    flowFile: "flows.json",
    credentialSecret: "zoo-only-not-secret",
    editorTheme: { tours: false, projects: { enabled: false } },
    telemetry: { enabled: false },
    diagnostics: { enabled: false },
    logging: { console: { level: "info" } },
};
