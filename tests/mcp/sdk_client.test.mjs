// `pygate mcp` driven by the official MCP TypeScript SDK over stdio: the
// handshake, listing, every tool (the SDK's Client validates each result's
// structuredContent against the tool's outputSchema, and fails the call when
// it does not match), resources, the operator's limits, and cancellation.
//   PYGATE=build/release/pygate MCP_CLIENTS=<install_clients.sh DEST> node --test tests/mcp/sdk_client.test.mjs
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

const require = createRequire(path.join(process.env.MCP_CLIENTS, 'package.json'));
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { McpError, ErrorCode } = require('@modelcontextprotocol/sdk/types.js');

const pygate = path.resolve(process.env.PYGATE);

async function connect(args) {
  const client = new Client({ name: 'pygate-sdk-test', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: pygate, args: ['mcp', ...args], stderr: 'inherit' });
  await client.connect(transport);
  return client;
}

function text(result) {
  return result.content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');
}

async function rejectsWith(promise, code, pattern) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof McpError, `expected an McpError, got ${error}`);
    assert.equal(error.code, code);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

describe('pygate mcp with the default operator settings', () => {
  let client;
  before(async () => {
    client = await connect(['--max-runs', '1']);
  });
  after(async () => {
    await client.close();
  });

  test('the handshake names the server and its capabilities', () => {
    assert.equal(client.getServerVersion().name, 'pygate');
    const capabilities = client.getServerCapabilities();
    assert.ok(capabilities.tools);
    assert.ok(capabilities.resources);
    assert.match(client.getInstructions(), /safe_eval/);
  });

  test('tools/list offers every tool with input and output schemas', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, [
      'check_python', 'python_session_close', 'python_session_exec', 'python_session_open', 'run_python',
    ]);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema.type, 'object', tool.name);
    }
    const check = tools.find((t) => t.name === 'check_python');
    assert.deepEqual(check.inputSchema.properties.profile.enum, ['safe_eval']);
    assert.deepEqual(check.inputSchema.required, ['code']);
  });

  test('check_python allows harmless code', async () => {
    const result = await client.callTool({ name: 'check_python', arguments: { code: 'print(sum(range(10)))\n' } });
    assert.equal(result.isError, false);
    assert.deepEqual(result.structuredContent, { decision: 'allow', profile: 'safe_eval', findings: [] });
  });

  test('a denial is a tool error naming each finding and what the profile allows', async () => {
    const result = await client.callTool({
      name: 'check_python', arguments: { code: "import os\nos.system('id')\n" },
    });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.decision, 'deny');
    const rules = result.structuredContent.findings.map((f) => f.rule);
    assert.ok(rules.includes('PG003') && rules.includes('PG004'), rules.join(','));
    const words = text(result);
    assert.match(words, /line 2, column 1: PG004/);
    assert.match(words, /How to comply with profile safe_eval/);
    assert.match(words, /This profile allows importing: math, /);
  });

  test('run_python runs allowed code with its stdin', async () => {
    const result = await client.callTool({
      name: 'run_python', arguments: { code: 'name = input()\nprint(name.upper())\n', stdin: 'ada\n' },
    });
    assert.equal(result.isError, false, text(result));
    assert.equal(result.structuredContent.status, 'ok');
    assert.equal(result.structuredContent.exit_code, 0);
    assert.equal(result.structuredContent.stdout, 'ADA\n');
    assert.equal(result.structuredContent.decision, 'allow');
  });

  test('a file read under a profile that allows none is refused with what it allows', async () => {
    const result = await client.callTool({
      name: 'run_python', arguments: { code: "print(open('input/data.txt').read())\n", files: { 'data.txt': 'x' } },
    });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.findings[0].rule, 'PG006');
    assert.match(text(result), /This profile allows reading under: nothing/);
  });

  test('run_python does not run code the gate refuses', async () => {
    const result = await client.callTool({
      name: 'run_python', arguments: { code: "import socket\nprint('reached')\n" },
    });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.status, 'gate_denied');
    assert.equal(result.structuredContent.exit_code, null);
    assert.equal(result.structuredContent.stdout, '');
    assert.ok(result.structuredContent.findings.some((f) => f.rule === 'PG003'));
  });

  test('a failing program is a tool error with its traceback', async () => {
    const result = await client.callTool({ name: 'run_python', arguments: { code: '1 / 0\n' } });
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.status, 'exit_nonzero');
    assert.equal(result.structuredContent.exit_code, 1);
    assert.match(result.structuredContent.stderr, /ZeroDivisionError/);
  });

  test('an agent cannot loosen the limits', async () => {
    const result = await client.callTool({ name: 'run_python', arguments: { code: 'print(1)', timeout: 100000 } });
    assert.equal(result.isError, true);
    assert.match(text(result), /looser than the profile's/);
  });

  test('an agent cannot pick a profile the operator did not allow', async () => {
    await rejectsWith(
      client.callTool({ name: 'check_python', arguments: { code: 'x = 1', profile: 'repo_tooling' } }),
      ErrorCode.InvalidParams, /must be one of \["safe_eval"\]/);
  });

  test('wrong arguments and unknown tools are invalid params', async () => {
    await rejectsWith(client.callTool({ name: 'check_python', arguments: { cod: 'x' } }),
      ErrorCode.InvalidParams, /missing `code`/);
    await rejectsWith(client.callTool({ name: 'check_python', arguments: { code: 1 } }),
      ErrorCode.InvalidParams, /arguments.code: expected string/);
    await rejectsWith(client.callTool({ name: 'rm_rf', arguments: {} }), ErrorCode.InvalidParams, /unknown tool/);
  });

  test('a session keeps its variables and refuses a step without ending', async () => {
    const opened = await client.callTool({ name: 'python_session_open', arguments: {} });
    assert.equal(opened.isError, false);
    const session = opened.structuredContent.session;
    assert.equal(opened.structuredContent.profile, 'safe_eval');

    const first = await client.callTool({ name: 'python_session_exec', arguments: { session, code: 'x = 41' } });
    assert.equal(first.structuredContent.status, 'ok');
    const second = await client.callTool({ name: 'python_session_exec', arguments: { session, code: 'x + 1' } });
    assert.equal(second.structuredContent.value, '42');
    assert.equal(second.structuredContent.step, 2);

    const denied = await client.callTool({
      name: 'python_session_exec', arguments: { session, code: "__import__('os').system('id')" },
    });
    assert.equal(denied.isError, true);
    assert.equal(denied.structuredContent.status, 'gate_denied');
    assert.equal(denied.structuredContent.session_ended, false);

    const still = await client.callTool({ name: 'python_session_exec', arguments: { session, code: 'x * 2' } });
    assert.equal(still.structuredContent.value, '82');

    const closed = await client.callTool({ name: 'python_session_close', arguments: { session } });
    assert.equal(closed.isError, false);
    assert.equal(closed.structuredContent.reason, 'closed');

    const gone = await client.callTool({ name: 'python_session_exec', arguments: { session, code: 'x' } });
    assert.equal(gone.isError, true);
    assert.match(text(gone), /no open session/);
  });

  test('resources: each built-in profile as TOML and the rule catalogue', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const name of ['safe_eval', 'data_processing', 'plotting', 'code_pool', 'repo_tooling', 'networked'])
      assert.ok(uris.includes(`pygate://profiles/${name}`), name);
    assert.ok(uris.includes('pygate://rules'));

    const profile = await client.readResource({ uri: 'pygate://profiles/safe_eval' });
    assert.equal(profile.contents[0].mimeType, 'application/toml');
    assert.match(profile.contents[0].text, /^name = "safe_eval"$/m);
    const rules = await client.readResource({ uri: 'pygate://rules' });
    assert.match(rules.contents[0].text, /PG004/);

    await rejectsWith(client.readResource({ uri: 'pygate://profiles/../../etc/passwd' }), -32002, /not found/);
    await rejectsWith(client.readResource({ uri: 'file:///etc/passwd' }), -32002, /not found/);
  });

  test('cancelling a call stops its run', async () => {
    // One run at a time (--max-runs 1): the second call can only finish
    // early if the first run was killed when its call was cancelled.
    const started = Date.now();
    const controller = new AbortController();
    const long = client.callTool(
      { name: 'run_python', arguments: { code: 'import time\ntime.sleep(9)\n' } }, undefined,
      { signal: controller.signal });
    setTimeout(() => controller.abort('changed my mind'), 1500);
    await assert.rejects(long);
    const next = await client.callTool({ name: 'run_python', arguments: { code: 'print(2)' } });
    assert.equal(next.structuredContent.stdout, '2\n');
    assert.ok(Date.now() - started < 8500, `the next run waited ${Date.now() - started} ms`);
  });
});

describe('pygate mcp with the operator\'s choices', () => {
  test('--allow-profiles lets a call name the listed profiles only', async () => {
    const client = await connect(['--profile', 'safe_eval', '--allow-profiles', 'safe_eval,data_processing']);
    try {
      const { tools } = await client.listTools();
      const run = tools.find((t) => t.name === 'run_python');
      assert.deepEqual(run.inputSchema.properties.profile.enum, ['safe_eval', 'data_processing']);
      const strict = await client.callTool({ name: 'check_python', arguments: { code: 'import numpy' } });
      assert.equal(strict.structuredContent.decision, 'deny');
      const data = await client.callTool({
        name: 'check_python', arguments: { code: 'import numpy', profile: 'data_processing' },
      });
      assert.equal(data.structuredContent.decision, 'allow');
      assert.equal(data.structuredContent.profile, 'data_processing');
      const ran = await client.callTool({
        name: 'run_python',
        arguments: {
          code: "print(open('input/data.txt').read().strip().upper())\n",
          profile: 'data_processing',
          files: { 'data.txt': 'forty-two\n' },
        },
      });
      assert.equal(ran.isError, false, text(ran));
      assert.equal(ran.structuredContent.stdout, 'FORTY-TWO\n');
      await rejectsWith(
        client.callTool({ name: 'check_python', arguments: { code: 'x = 1', profile: 'networked' } }),
        ErrorCode.InvalidParams);
    } finally {
      await client.close();
    }
  });

  test('--no-run offers check_python only', async () => {
    const client = await connect(['--no-run']);
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ['check_python']);
      await rejectsWith(client.callTool({ name: 'run_python', arguments: { code: 'print(1)' } }),
        ErrorCode.InvalidParams, /unknown tool `run_python`/);
      assert.match(client.getInstructions(), /only checks/);
    } finally {
      await client.close();
    }
  });
});
