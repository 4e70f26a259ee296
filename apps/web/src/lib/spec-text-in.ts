import { useSpecText, type SpecNamespace } from './spec-text.ts';

/**
 * Like `useSpecText`, for a feature whose spec texts are translated in its own namespace
 * (`<namespace>:spec.<key>`): a feature's texts load with the feature, not with every page.
 * Texts the namespace does not translate fall back to the shared "spec" section, then to the text.
 */
export function useSpecTextIn(namespace: SpecNamespace): (text: string) => string {
  return useSpecText(namespace);
}
