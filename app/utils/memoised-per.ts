/**
 * `build`, made once per key object and kept while the key lives (a WeakMap): e.g. a form's zod
 * schema per Lingui instance, so each language's schema is built once, not on every request.
 */
export function memoisedPer<Key extends object, Value>(build: (key: Key) => Value): (key: Key) => Value {
  const made = new WeakMap<Key, Value>();
  return (key) => {
    if (!made.has(key)) made.set(key, build(key));
    return made.get(key)!;
  };
}
