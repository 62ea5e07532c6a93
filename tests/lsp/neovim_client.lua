-- Neovim's own LSP client (Debian's neovim, 0.7 and later) starting
-- `pygate lsp`, a line typed into a Python file, and the diagnostics its
-- client received written out as JSON for tests/lsp/neovim_client.sh to check.
--   PYGATE=... LSP_FILE=... LSP_OUT=... nvim --headless --clean -u tests/lsp/neovim_client.lua
local pygate = assert(os.getenv('PYGATE'))
local file = assert(os.getenv('LSP_FILE'))
local out = assert(os.getenv('LSP_OUT'))

local function finish(result)
  local handle = assert(io.open(out, 'w'))
  handle:write(vim.fn.json_encode(result))
  handle:close()
  vim.cmd('qall!')
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buffer = vim.api.nvim_get_current_buf()
local logs = {}
local client_id = vim.lsp.start_client({
  name = 'pygate',
  cmd = { pygate, 'lsp', '--stdio', '--libraries', 'tables' },
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
  handlers = {
    ['window/logMessage'] = function(_, params) table.insert(logs, params.message) end,
  },
})
vim.lsp.buf_attach_client(buffer, client_id)
local started = vim.wait(10000, function()
  local client = vim.lsp.get_client_by_id(client_id)
  return client ~= nil and client.initialized
end, 20)
if not started then return finish({ error = 'pygate lsp did not initialize' }) end

-- Typed, as a person would: insert mode at the end of the file, then Escape.
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('Goimport os; os.system("id")<Esc>', true, false, true), 'xt', false)

local function diagnostics() return vim.diagnostic.get(buffer) end
vim.wait(10000, function() return #diagnostics() >= 2 end, 20)
local found = {}
for _, diagnostic in ipairs(diagnostics()) do
  local lsp = (diagnostic.user_data or {}).lsp or {}
  table.insert(found, {
    line = diagnostic.lnum,
    column = diagnostic.col,
    severity = diagnostic.severity,
    source = diagnostic.source,
    code = diagnostic.code or lsp.code,
    message = diagnostic.message,
  })
end
table.sort(found, function(a, b) return a.column < b.column end)
finish({ lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false), diagnostics = found, logs = logs })
