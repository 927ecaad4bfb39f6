/** SPEC 9 warranty copy: 3-year standard; 5 or 7 years for some dealers, with the 175,000 km plan. */
export function warrantyCopy(years: 3 | 5 | 7): string {
  if (years === 3) return 'Every new vehicle comes with a 3-year standard warranty.';
  return `Every new vehicle comes with a ${years}-year warranty plan, covering up to 175,000 km, when you service with us (the 3-year standard warranty applies otherwise).`;
}
