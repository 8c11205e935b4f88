// The organiser's pages: fill the new-event form from a seed's day; read a CSV file into the import box.
for (const button of document.querySelectorAll("button.day")) {
  button.addEventListener("click", () => {
    const comps = JSON.parse(button.dataset.comps);
    for (const box of document.querySelectorAll('input[name="use"]')) box.checked = false;
    for (const [key, format] of comps) {
      const row = document.querySelector(`tr[data-format="${format}"]`);
      if (!row) continue;
      row.querySelector('input[name="use"]').checked = true;
      row.querySelector('input[name^="key_"]').value = key;
    }
    const name = document.getElementById("event-name");
    if (name && !name.value) name.value = button.textContent.split(" (")[0];
  });
}
const file = document.getElementById("csv-file");
if (file) {
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (f) document.getElementById("csv-text").value = await f.text();
  });
}
