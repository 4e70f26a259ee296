const KEY = 'businessName';

/** Spec: the business name (slashes removed) is also kept in local storage. */
export function storeBusinessName(name: string): void {
  try {
    window.localStorage.setItem(KEY, name);
  } catch {
    // Private mode may refuse storage; the name is in the URL anyway.
  }
}

export function readBusinessName(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
