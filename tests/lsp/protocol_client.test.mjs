// `pygate lsp` driven by the Language Server Protocol's reference
// implementation (vscode-languageserver-protocol over vscode-jsonrpc, the
// library VS Code's own client is built on): the handshake, a document
// opened and changed incrementally, pulled diagnostics, notebook sync,
// hover, the baseline code action, workspace diagnostics with progress and
// cancellation, shutdown and exit.
//   PYGATE=build/release/pygate LSP_CLIENTS=<install_clients.sh DEST> node --test tests/lsp/protocol_client.test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';

const require = createRequire(path.resolve(process.env.LSP_CLIENTS, 'package.json'));
const protocol = require('vscode-languageserver-protocol/node');
const {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter, CancellationTokenSource,
  InitializeRequest, InitializedNotification, ShutdownRequest, ExitNotification,
  DidOpenTextDocumentNotification, DidChangeTextDocumentNotification, DocumentDiagnosticRequest,
  DidOpenNotebookDocumentNotification, DidChangeNotebookDocumentNotification, HoverRequest, CodeActionRequest,
  WorkspaceDiagnosticRequest, WorkDoneProgressCreateRequest, LogMessageNotification, ResponseError, LSPErrorCodes,
} = protocol;

const pygate = path.resolve(process.env.PYGATE);

// A workspace with a pygate.toml naming a baseline, and files for the workspace scan.
function workspace(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pygate-lsp-node-'));
  fs.writeFileSync(path.join(root, 'pygate.toml'), 'profile = "safe_eval"\nbaseline = "pygate-baseline.json"\n');
  fs.writeFileSync(path.join(root, 'pygate-baseline.json'), '{"version": 1, "entries": []}\n');
  for (let i = 0; i < files; ++i) {
    const lines = [];
    for (let j = 0; j < 40; ++j) lines.push(`def f${j}(x):\n    return [y * ${j} for y in range(x)]\n`);
    if (i % 7 === 0) lines.push('import socket\n');
    fs.writeFileSync(path.join(root, `m${i}.py`), lines.join(''));
  }
  return root;
}

function start(root) {
  const child = spawn(pygate, ['lsp', '--stdio', '--libraries', 'tables'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const logs = [];
  connection.onNotification(LogMessageNotification.type, (params) => logs.push(params.message));
  connection.listen();
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, connection, logs, exited };
}

async function initialize(connection, root) {
  return connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'w' }],
    capabilities: {
      general: { positionEncodings: ['utf-16'] },
      textDocument: { diagnostic: { dynamicRegistration: false }, hover: {}, codeAction: {} },
      workspace: { diagnostics: { refreshSupport: false }, workspaceEdit: { documentChanges: true } },
      notebookDocument: { synchronization: {} },
      window: { workDoneProgress: true },
    },
  });
}

describe('pygate lsp with the reference client', () => {
  let root; let server;
  before(async () => {
    root = workspace(300);
    server = start(root);
    const result = await initialize(server.connection, root);
    assert.equal(result.serverInfo.name, 'pygate');
    assert.equal(result.capabilities.positionEncoding, 'utf-16');
    assert.equal(result.capabilities.textDocumentSync.change, 2);
    assert.equal(result.capabilities.diagnosticProvider.workspaceDiagnostics, true);
    assert.ok(result.capabilities.notebookDocumentSync);
    await server.connection.sendNotification(InitializedNotification.type, {});
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  const uri = () => pathToFileURL(path.join(root, 'agent_step.py')).href;

  test('says which profile and configuration it used', async () => {
    for (let i = 0; i < 50 && server.logs.length === 0; ++i) await new Promise((r) => setTimeout(r, 20));
    assert.match(server.logs[0], /^pygate: profile safe_eval \(pygate\.toml:1\); configuration: pygate\.toml/);
  });

  test('open, change incrementally, pull diagnostics with the alias chain', async () => {
    await server.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: uri(), languageId: 'python', version: 1, text: 'total = sum(range(10))\n' },
    });
    let report = await server.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: uri() } });
    assert.equal(report.kind, 'full');
    assert.deepEqual(report.items, []);
    await server.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uri(), version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        text: 'import os as system_tools\nrunner = system_tools.system\n' },
      { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: 'runner("id")\n' }],
    });
    report = await server.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: uri() } });
    assert.deepEqual(report.items.map((d) => [d.code, d.range.start.line]), [['PG003', 0], ['PG004', 1], ['PG004', 3]]);
    const use = report.items[2];
    assert.equal(use.severity, 1);
    assert.equal(use.source, 'pygate');
    assert.match(use.message, /resolves to `os.system`/);
    assert.match(use.codeDescription.href, /docs\/rules\.md#pg004-process-execution$/);
    assert.deepEqual(use.relatedInformation.map((r) => [r.location.range.start.line, r.message]),
      [[0, '`import os as system_tools`'], [1, '`runner = system_tools.system`']]);
    const again = await server.connection.sendRequest(DocumentDiagnosticRequest.type,
      { textDocument: { uri: uri() }, previousResultId: report.resultId });
    assert.equal(again.kind, 'unchanged');
  });

  test('hover on a finding explains its rule', async () => {
    const hover = await server.connection.sendRequest(HoverRequest.type,
      { textDocument: { uri: uri() }, position: { line: 3, character: 2 } });
    assert.equal(hover.contents.kind, 'markdown');
    assert.match(hover.contents.value, /PG004 process-execution/);
    assert.match(hover.contents.value, /What it catches/);
  });

  test('the only code action adds the finding to the baseline, with a reason to fill in', async () => {
    const report = await server.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: uri() } });
    const actions = await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri: uri() }, range: report.items[2].range, context: { diagnostics: [report.items[2]] },
    });
    assert.equal(actions.length, 1);
    assert.equal(actions[0].kind, 'quickfix');
    assert.match(actions[0].title, /^pygate: add PG004 to the baseline with a reason/);
    const edits = Object.entries(actions[0].edit.changes);
    assert.equal(edits.length, 1);
    assert.equal(edits[0][0], pathToFileURL(path.join(root, 'pygate-baseline.json')).href);
    const baseline = JSON.parse(edits[0][1][0].newText);
    assert.equal(baseline.entries[0].rule, 'PG004');
    assert.equal(baseline.entries[0].path, 'agent_step.py');
    assert.match(baseline.entries[0].reason, /TODO/);
  });

  test('notebook cells are judged with the cells above them', async () => {
    const notebook = pathToFileURL(path.join(root, 'n.ipynb')).href;
    const cell = (i) => `${notebook}#cell${i}`;
    const texts = ['g = getattr\n', '## notes', 'x = 1\n', 'g(print, "__globals__")\n'];
    await server.connection.sendNotification(DidOpenNotebookDocumentNotification.type, {
      notebookDocument: { uri: notebook, notebookType: 'jupyter-notebook', version: 1,
        cells: texts.map((_, i) => ({ kind: i === 1 ? 1 : 2, document: cell(i) })) },
      cellTextDocuments: texts.map((text, i) => ({ uri: cell(i), languageId: i === 1 ? 'markdown' : 'python', version: 1, text })),
    });
    let report = await server.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: cell(3) } });
    assert.deepEqual(report.items.map((d) => d.code), ['PG009']);
    assert.equal(report.items[0].relatedInformation[0].location.uri, cell(0));
    // The first cell replaced by one binding g to something harmless changes the last cell's verdict.
    await server.connection.sendNotification(DidChangeNotebookDocumentNotification.type, {
      notebookDocument: { uri: notebook, version: 2 },
      change: { cells: { structure: { array: { start: 0, deleteCount: 1, cells: [{ kind: 2, document: cell(9) }] },
        didOpen: [{ uri: cell(9), languageId: 'python', version: 1, text: 'g = print\n' }],
        didClose: [{ uri: cell(0) }] } } },
    });
    report = await server.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: cell(3) } });
    assert.deepEqual(report.items.map((d) => d.code), []);
  });

  test('workspace diagnostics report progress', async () => {
    const kinds = [];
    const token = 'scan-progress';
    const disposable = server.connection.onProgress(WorkspaceDiagnosticRequest.type, token, () => {});
    server.connection.onNotification('$/progress', (params) => { if (params.token === token) kinds.push(params.value.kind); });
    const result = await server.connection.sendRequest(WorkspaceDiagnosticRequest.type,
      { previousResultIds: [], workDoneToken: token });
    disposable.dispose();
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds.at(-1), 'end');
    assert.ok(result.items.length >= 300);
    const m7 = result.items.find((item) => item.uri.endsWith('/m7.py'));
    assert.deepEqual(m7.items.map((d) => d.code), ['PG003']);
  });

  test('a workspace scan without a token gets progress the server starts', async () => {
    const created = [];
    const kinds = [];
    server.connection.onRequest(WorkDoneProgressCreateRequest.type, (params) => { created.push(params.token); return null; });
    server.connection.onNotification('$/progress', (params) => { if (created.includes(params.token)) kinds.push(params.value.kind); });
    const result = await server.connection.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] });
    assert.equal(created.length, 1);
    assert.equal(kinds[0], 'begin');
    assert.equal(kinds.at(-1), 'end');
    assert.ok(result.items.length >= 300);
  });

  test('a cancelled workspace scan answers RequestCancelled', async () => {
    const source = new CancellationTokenSource();
    const pending = server.connection.sendRequest(WorkspaceDiagnosticRequest.type, { previousResultIds: [] }, source.token);
    setTimeout(() => source.cancel(), 5);
    await assert.rejects(pending, (error) => error instanceof ResponseError && error.code === LSPErrorCodes.RequestCancelled);
  });

  test('shutdown then exit ends the server with 0', async () => {
    await server.connection.sendRequest(ShutdownRequest.type);
    await server.connection.sendNotification(ExitNotification.type);
    assert.equal(await server.exited, 0);
  });
});

test('exit without shutdown ends the server with 1', async () => {
  const root = workspace(0);
  const server = start(root);
  await initialize(server.connection, root);
  await server.connection.sendNotification(ExitNotification.type);
  assert.equal(await server.exited, 1);
  fs.rmSync(root, { recursive: true, force: true });
});
