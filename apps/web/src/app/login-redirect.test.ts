import { describe, expect, it, vi } from 'vitest';
import { createLoginRedirect } from './login-redirect.ts';

describe("createLoginRedirect (the 401 handler's way to /login)", () => {
  it('navigates at once when the router is there', () => {
    const redirect = createLoginRedirect(() => '/dashboard');
    const go = vi.fn();
    redirect.attach(go);
    redirect.request();
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('a 401 before the router mounted navigates once it does, and only once', () => {
    const redirect = createLoginRedirect(() => '/dashboard/cart');
    redirect.request();
    const go = vi.fn();
    const detach = redirect.attach(go);
    expect(go).toHaveBeenCalledTimes(1);
    detach();
    redirect.attach(go);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('does nothing on /login, and nothing after the router has gone', () => {
    const go = vi.fn();
    createLoginRedirect(() => '/login').attach(go);
    const onLogin = createLoginRedirect(() => '/login');
    onLogin.attach(go);
    onLogin.request();
    expect(go).not.toHaveBeenCalled();
    const redirect = createLoginRedirect(() => '/dashboard');
    redirect.attach(go)();
    redirect.request();
    expect(go).not.toHaveBeenCalled();
  });
});
