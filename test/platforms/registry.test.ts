// The registry holds one module per platform, and what reads it (config, the connectors, the CLI's
// help, the connect page's forms, the admin API's link route) takes each module's word for it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { PLATFORMS } from '../../src/domain/catalog.ts';
import { hasSeasonalPools } from '../../src/domain/pools.ts';
import { LINK_USAGE } from '../../src/cli/commands/link.ts';
import { formFields, linkLabel, platformHelp } from '../../src/http/connect/forms.ts';
import { linkRoute } from '../../src/http/admin/routes/links.ts';
import type { SettingSpec } from '../../src/platforms/module.ts';
import { MODULES, PLATFORM_MODULES, httpLinkOf } from '../../src/platforms/registry.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';

describe('platform registry', () => {
  it('has one module per platform, under its own id', () => {
    assert.deepEqual(Object.keys(PLATFORM_MODULES).sort(), [...PLATFORMS].sort());
    for (const [key, module] of Object.entries(PLATFORM_MODULES)) assert.equal(module.id, key);
  });

  it('gives every module pool kind the store uses', () => {
    for (const module of MODULES) {
      assert.equal(module.pools === 'seasonal', hasSeasonalPools(module.id), module.id);
    }
  });

  it("keeps each configuration variable to one module and one key of Config's platforms", () => {
    const keys = MODULES.flatMap((module) => Object.keys(module.settings));
    const variables = MODULES.flatMap((module) => Object.values(module.settings).map((s) => s.env));
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(new Set(variables).size, variables.length);
  });

  it('config reads every variable a module declares, and names a bad one', () => {
    const given = (key: string, spec: SettingSpec): string =>
      spec.kind === 'integer'
        ? String(spec.max)
        : spec.kind === 'url'
          ? `http://127.0.0.1:1/${key}`
          : `set-${key}`;
    const specs = MODULES.flatMap((module) => Object.entries(module.settings));
    const env = Object.fromEntries(specs.map(([key, spec]) => [spec.env, given(key, spec)]));
    const platforms = loadConfig(env).platforms as Record<string, unknown>;
    for (const [key, spec] of specs) {
      assert.equal(String(platforms[key]), given(key, spec), spec.env);
      if (spec.kind === 'url' || spec.kind === 'integer') {
        assert.throws(
          () => loadConfig({ [spec.env]: 'not-a-value' }),
          (error: unknown) => error instanceof ConfigError && error.variable === spec.env,
        );
      }
    }
  });

  it('builds each connector from its module, with its platform', () => {
    const connectors = createConnectorRegistry(loadConfig({}));
    assert.deepEqual(Object.keys(connectors), Object.keys(PLATFORM_MODULES));
    for (const module of MODULES) assert.equal(connectors[module.id]?.platform, module.id);
  });

  it("shows each module's CLI lines, connect form and admin API body", () => {
    const description = linkRoute.doc.description;
    for (const module of MODULES) {
      for (const line of module.link.cli) assert.ok(LINK_USAGE.includes(line), line);
      const http = httpLinkOf(module.id);
      if (http === undefined) continue;
      assert.ok(description.includes(http.api), `${module.id} in the admin API`);
      assert.equal(platformHelp(module.id, 'App'), http.help.replaceAll('{app}', 'App'));
      const form = formFields(module.id, {});
      for (const field of http.fields) assert.ok(form.includes(`name="${field.name}"`));
      assert.ok(linkLabel(module.id).length > 0);
    }
  });
});
