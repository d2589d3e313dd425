export const reply = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status < 400, status, text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)) } as Response);
