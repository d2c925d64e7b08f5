// report.html's copy buttons: the PDN above the button to the clipboard
// (on file://, where the clipboard API may be missing, by selecting it and
// the browser's copy command).
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (!button) return;
  const pre = button.parentElement.querySelector("pre");
  const label = button.textContent;
  const done = () => {
    button.textContent = "Copied";
    setTimeout(() => (button.textContent = label), 1500);
  };
  const select = () => {
    const range = document.createRange();
    range.selectNodeContents(pre);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try {
      if (document.execCommand("copy")) done();
    } catch (_) {
      /* the text stays selected for the user to copy */
    }
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(pre.textContent).then(done, select);
  } else {
    select();
  }
});
