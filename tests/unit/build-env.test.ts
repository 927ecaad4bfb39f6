import { describe, expect, it } from 'vitest';
import { buildEnv, buildEnvVars, EnvError } from '../../src/config/build-env';

describe('buildEnv', () => {
  it('gives the defaults of a plain `astro build` when nothing is set, and treats blank as unset', () => {
    expect(buildEnv({ SITE_DATA_READY: ' ', BUILD_THREADS: '' })).toEqual({
      SITE_URL: 'http://localhost:4321',
      OUT_DIR: 'dist/_dev',
      BUILD_CACHE_DIR: '.build',
    });
  });

  it('reads back what the build script hands over with buildEnvVars, numbers as numbers', () => {
    const vars = buildEnvVars({
      SITE_URL: 'https://www.baysidetoyota.example',
      OUT_DIR: '/tmp/dist/.tmp-bayside-toyota',
      SITE_DATA: '/tmp/cache/bayside-toyota/site.json',
      SITE_DATA_READY: '/tmp/cache/bayside-toyota/site.ready.json',
      BUILD_PID: 4242,
      RENDER_BUNDLE_DIR: '/tmp/cache/bayside-toyota/render-bundle.next',
      BUILD_THREADS: 2,
    });
    expect(vars.BUILD_PID).toBe('4242');
    expect(buildEnv(vars)).toEqual({
      SITE_URL: 'https://www.baysidetoyota.example',
      OUT_DIR: '/tmp/dist/.tmp-bayside-toyota',
      SITE_DATA: '/tmp/cache/bayside-toyota/site.json',
      SITE_DATA_READY: '/tmp/cache/bayside-toyota/site.ready.json',
      BUILD_PID: 4242,
      RENDER_BUNDLE_DIR: '/tmp/cache/bayside-toyota/render-bundle.next',
      BUILD_THREADS: 2,
      BUILD_CACHE_DIR: '.build',
    });
  });

  it('stops with every bad variable named, its value and what was expected', () => {
    const bad = () =>
      buildEnv({ BUILD_THREADS: 'two', BUILD_PID: '12ab', SITE_URL: 'www.baysidetoyota.example' });
    expect(bad).toThrow(EnvError);
    expect(bad).toThrow(
      'Bad environment variables:\n' +
        '  SITE_URL="www.baysidetoyota.example": expected an http:// or https:// URL\n' +
        '  BUILD_PID="12ab": expected a whole number of at least 1\n' +
        '  BUILD_THREADS="two": expected a whole number of at least 1',
    );
    expect(() => buildEnv({ BUILD_THREADS: '0' })).toThrow(
      'Bad environment variable:\n  BUILD_THREADS="0": expected a whole number of at least 1',
    );
  });
});
