/** Full-page navigation away from the SPA, behind one function so tests can observe it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

export function replaceLocation(url: string): void {
  window.location.replace(url);
}
