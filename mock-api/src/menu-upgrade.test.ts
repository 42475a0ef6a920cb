import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultMemberMenu } from './domain/menu';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { startTestApi } from './testing/test-api';

test('a data folder from before the registry held the menus: its members get the registry’s entries', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-menu-'));
  try {
    const first = await startTestApi({ dataDir });
    // The stored menu as it was: the shell's old title keys, which no text set translates now.
    first.store.transact((data) => {
      for (const member of data.members) {
        member.menu = [
          {
            id: 1,
            parent_id: 0,
            subheader: 'menu.overview',
            title: 'menu.dashboard',
            path: 'dashboard.root',
            icon: 'dashboard',
          },
        ];
      }
    });
    await first.close();

    const again = await startTestApi({ dataDir });
    try {
      const token = await again.login(DEMO_EMAIL, DEMO_PASSWORD);
      const me = await again.call('GET', '/api/auth/me', { token });
      expect(me.body.data.menu).toEqual(defaultMemberMenu());
    } finally {
      await again.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a menu of known entries is left as it is, however it differs from the default', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-menu-'));
  try {
    const first = await startTestApi({ dataDir });
    const shorter = defaultMemberMenu().slice(0, 3);
    first.store.transact((data) => {
      for (const member of data.members) member.menu = shorter;
    });
    await first.close();

    const again = await startTestApi({ dataDir });
    try {
      const token = await again.login(DEMO_EMAIL, DEMO_PASSWORD);
      expect((await again.call('GET', '/api/auth/me', { token })).body.data.menu).toEqual(shorter);
    } finally {
      await again.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
