/**
 * Leaves for a form-post gateway (PayFast, Ozow): a hidden form with the server's fields, in the
 * server's order (the signature is computed over that order), submitted as a top-level navigation.
 */
export function postForm(action: string, fields: readonly (readonly [string, string])[]): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
