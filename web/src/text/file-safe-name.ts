// A name from a file or a clip as part of a file name the page or the batch
// tool writes: word characters, dots and dashes only, no leading dots.
export function fileSafeName(name: string, fallback: string): string {
  return name.replace(/[^\w.-]+/g, '_').replace(/^[._]+|_+$/g, '') || fallback;
}
