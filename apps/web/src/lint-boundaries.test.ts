// @vitest-environment node
/**
 * The web's feature boundaries are a lint rule (eslint.config.js, eslint-plugin-boundaries; issue
 * 32, point 1). This runs the repository's own ESLint config on small files placed in the tree and
 * shows that it refuses a feature importing another feature or app/, and the base (components/,
 * lib/) importing a feature, while a feature's imports of the base, the harness, @drop/shared and
 * itself pass. The type-aware rules are left out here: they need a whole program and say nothing
 * about imports.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    // The plugin reads its element patterns from the working directory, which is apps/web under vitest.
    settings: { 'boundaries/root-path': ROOT },
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/** The boundaries errors ESLint reports for `code` as if it were the file at `file` (relative to apps/web/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/web/src', file) });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  return messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('web feature boundaries (lint)', () => {
  it('a feature importing another feature fails lint', async () => {
    const errors = await boundaryErrors(
      'features/search/utils/probe.ts',
      "import { URL_KEYS } from '../../products/lib/list-state.ts';\nexport const x = URL_KEYS;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/type "feature" are not allowed in elements of type "feature"/);
  });

  it('a feature importing app/ (a layout) fails lint', async () => {
    const errors = await boundaryErrors(
      'features/search/utils/probe.ts',
      "import { isActive } from '../../../app/layouts/dashboard/nav-items.tsx';\nexport const x = isActive;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/type "app" are not allowed in elements of type "feature"/);
  });

  it('the base (lib/, components/) importing a feature fails lint, a test of it included', async () => {
    const code = "import { useSearchTranslation } from '../features/search/i18n.ts';\nexport const x = useSearchTranslation;\n";
    expect(await boundaryErrors('lib/probe.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('lib/probe.test.ts', code)).toHaveLength(1);
    expect(await boundaryErrors('components/ui/probe.tsx', code.replace('../features', '../../features'))).toHaveLength(1);
  });

  it('a feature may import the base, the harness in its tests, @drop/shared and itself', async () => {
    const code = [
      "import { formatMoney } from '@drop/shared';",
      "import { useUser } from '../../../lib/user.ts';",
      "import { EmptyState } from '../../../components/ui/empty-state.tsx';",
      "import { useSearchTranslation } from '../i18n.ts';",
      'export const x = [formatMoney, useUser, EmptyState, useSearchTranslation];',
      '',
    ].join('\n');
    expect(await boundaryErrors('features/search/utils/probe.ts', code)).toEqual([]);
    expect(
      await boundaryErrors('features/search/utils/probe.test.ts', `${code}import { serve } from '../../../test/fetch-stub.ts';\nexport const y = serve;\n`),
    ).toEqual([]);
  });
});
