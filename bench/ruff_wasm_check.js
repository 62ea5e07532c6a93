// Runs Ruff's WebAssembly build over every .py file under a folder with only
// the flake8-bandit rules (`S`), on one thread, as bench/compare.sh's peer:
// reads each file, checks it, counts the diagnostics. Prints one line:
// "ruff-wasm: N files, M diagnostics".
//
// Usage: node bench/ruff_wasm_check.js RUFF_WASM_PACKAGE_DIR DIR
"use strict";
const fs = require("fs");
const path = require("path");

const [packageDir, corpus] = process.argv.slice(2);
if (!packageDir || !corpus) {
    console.error("usage: node ruff_wasm_check.js RUFF_WASM_PACKAGE_DIR DIR");
    process.exit(2);
}
const ruff = require(path.resolve(packageDir, "ruff_wasm.js"));

// Sorted, so every run checks the same files in the same order.
function pythonFiles(dir, out) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const full = path.join(dir, entry.name);
        const stat = entry.isSymbolicLink() ? fs.statSync(full, { throwIfNoEntry: false }) : entry;
        if (!stat) continue;  // a dangling link
        if (stat.isDirectory() && !entry.isSymbolicLink()) pythonFiles(full, out);
        else if (stat.isFile() && entry.name.endsWith(".py")) out.push(full);
    }
    return out;
}

const workspace = new ruff.Workspace({ lint: { select: ["S"] } }, ruff.PositionEncoding.Utf8);
let files = 0;
let diagnostics = 0;
for (const file of pythonFiles(corpus, [])) {
    // Ruff reads text; a file that is not UTF-8 is checked as Node decodes it.
    diagnostics += workspace.check(fs.readFileSync(file, "utf8")).length;
    files += 1;
}
console.log(`ruff-wasm: ${files} files, ${diagnostics} diagnostics`);
