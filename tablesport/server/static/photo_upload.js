// What the photo pages share (photo.js: a Blokus board; rack_photo.js: Rummikub racks): the photo sent
// to the server to be read, its status line kept, the refusal's message shown in the referee's language.
import { t } from "/static/common.js";

// The reading of `file` from `url` (the page's `.../read`), or null when it was refused (the reason
// is then in `status`, marked as an error).
export async function readPhoto(file, url, csrf, status) {
  status.textContent = t("photo.reading");
  status.classList.remove("error");
  const r = await fetch(url, {
    method: "POST", body: file, headers: { "content-type": file.type || "application/octet-stream",
                                            "x-csrf-token": csrf } });
  const got = r.status === 413 ? { message: t("photo.err.too_big") }
    : await r.json().catch(() => ({ message: t("photo.err.not_image") }));
  if (r.ok) return got;
  status.textContent = got.message;
  status.classList.add("error");
  return null;
}
