import { isMap, isScalar, isSeq, type Document, type LineCounter } from 'yaml';

/**
 * The line an editor should look at for a setting: the line of its key (a mapping's value starts
 * on the line below it); for a setting that is missing, the line of the nearest key above it.
 */
export function lineOfPath(
  doc: Document,
  counter: LineCounter,
  path: readonly PropertyKey[],
): number | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const parent =
      depth === 1 ? doc.contents : doc.getIn(path.slice(0, depth - 1) as unknown[], true);
    const step = path[depth - 1];
    let start: number | undefined;
    if (isMap(parent)) {
      const pair = parent.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(step),
      );
      start = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    } else if (isSeq(parent) && typeof step === 'number') {
      const item = parent.items[step] as { range?: [number, number, number] } | undefined;
      start = item?.range?.[0];
    }
    if (start !== undefined) return counter.linePos(start).line;
  }
  const root = doc.contents as { range?: [number, number, number] } | null;
  return root?.range ? counter.linePos(root.range[0]).line : undefined;
}
