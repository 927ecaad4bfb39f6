import { walkaroundUrl } from '../../src/domain/vehicle/media';
import { expect, test } from './support/fixtures';

// The vehicle viewer's walkaround fills the media area as the photos do, at phone and desktop size.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px the walkaround video fills the media area`, async ({
    page,
    site,
  }) => {
    const car = site.cars.find((candidate) => walkaroundUrl(candidate)?.endsWith('.svg'));
    test.skip(!car, 'no car on this site has an SVG walkaround');
    await page.setViewportSize(viewport);
    await page.goto(`/cars/${car!.slug}`);
    await page.getByRole('button', { name: 'Walkaround' }).click();
    const frame = page.locator('iframe.media__video');
    await expect(frame).toBeVisible();
    const mediaWidth = (await page.locator('.media').boundingBox())!.width;
    expect((await frame.boundingBox())!.width).toBeCloseTo(mediaWidth, 0);
    // The picture inside spans the whole frame, not a corner of it.
    const inside = await frame
      .contentFrame()
      .locator('svg')
      .evaluate((svg) => ({ svg: svg.getBoundingClientRect().width, frame: window.innerWidth }));
    expect(inside.svg).toBeGreaterThanOrEqual(inside.frame - 1);
  });
}
