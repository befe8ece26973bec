-- ABCPress as the language server of .abc files in Neovim (0.7 and later).
-- Put this file in ~/.config/nvim/plugin/ (or source it from init.lua).
vim.filetype = vim.filetype or {}
if vim.filetype.add then
  vim.filetype.add({ extension = { abc = "abc" } })
else
  vim.cmd("autocmd BufRead,BufNewFile *.abc setfiletype abc")
end

local function start_abcpress(buffer)
  local config = {
    name = "abcpress",
    cmd = { "abcpress", "lsp" },
    root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buffer), ":p:h"),
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
