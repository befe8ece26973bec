-- ABCPress as the language server of .abc files in Neovim (0.7 and later).
-- Put this file in ~/.config/nvim/plugin/ (or source it from init.lua).
vim.filetype = vim.filetype or {}
if vim.filetype.add then
  vim.filetype.add({ extension = { abc = "abc" } })
else
  vim.cmd("autocmd BufRead,BufNewFile *.abc setfiletype abc")
end

-- What Neovim 0.10 sets for a language server by itself, set here for 0.7 to 0.9 too:
-- completion with <C-x><C-o> (omnifunc), hover on K, formatting with gq (formatexpr) and
-- :AbcFormat (vim.lsp.buf.format from 0.8, formatting_sync on 0.7).
local function on_attach(client, buffer)
  vim.api.nvim_buf_set_option(buffer, "omnifunc", "v:lua.vim.lsp.omnifunc")
  vim.api.nvim_buf_set_option(buffer, "formatexpr", "v:lua.vim.lsp.formatexpr()")
  vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = buffer, desc = "ABCPress: explain" })
  vim.api.nvim_buf_create_user_command(buffer, "AbcFormat", function()
    if vim.lsp.buf.format then
      vim.lsp.buf.format({ bufnr = buffer, timeout_ms = 10000 })
    else
      vim.lsp.buf.formatting_sync(nil, 10000)
    end
  end, {})
end

local function start_abcpress(buffer)
  local config = {
    name = "abcpress",
    cmd = { "abcpress", "lsp" },
    root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buffer), ":p:h"),
    on_attach = on_attach,
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = buffer })
  else
    local client = vim.lsp.start_client(config)
    if client then vim.lsp.buf_attach_client(buffer, client) end
  end
end

vim.api.nvim_create_autocmd("FileType", {
  pattern = "abc",
  callback = function(args) start_abcpress(args.buf) end,
})

-- :AbcRender engraves the buffer as it stands into a PDF beside its file.
vim.api.nvim_create_user_command("AbcRender", function()
  vim.lsp.buf.execute_command({ command = "abcpress.renderPDF", arguments = { vim.uri_from_bufnr(0) } })
end, {})
