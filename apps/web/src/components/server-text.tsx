import { useSpecText, type SpecNamespace } from '../lib/spec-text.ts';

/**
 * A text the server sent, in the visitor's language (lib/spec-text.ts). Loaded lazily where it
 * shows only on a failure, so a page's first load does not carry the whole catalogue of server
 * texts the translation matches against.
 */
export default function ServerText({ text, namespace }: { text: string; namespace?: SpecNamespace }) {
  return <>{useSpecText(namespace)(text)}</>;
}
