import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@drop/shared';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.accessToken);
  } catch {
    return null;
  }
}

let current: string | null = read();

function emit() {
  for (const l of listeners) l();
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: string): void {
  current = token;
  try {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
  } catch {
    // storage unavailable: keep the token in memory only
  }
  emit();
}

export function clearToken(): void {
  current = null;
  try {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
  } catch {
    // ignore
  }
  emit();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.accessToken) {
      current = read();
      emit();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token, reactive to changes (also from other tabs). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, getToken);
}
