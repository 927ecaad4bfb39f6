/** SPEC 9: the share toast lasts 3000 ms and the copy button says Copied for 1.5 s; share windows are 550x400. */
export const TOAST_MS = 3000;
export const COPIED_MS = 1500;
export const SHARE_WINDOW = 'width=550,height=400';

export function copiedMessage(name: string): string {
  return `Copied ${name} to your clipboard!`;
}

/** Social share targets for a page URL. */
export function shareLinks(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}
