import { SIZES, expect, setMode, settled, shootScreen, shotName, test, MODES, type Page } from './screens';

// A manager's screens, in Northwind Care Homes (care homes with medication fridges): the monitoring screens, the
// account pages, every management list, the command palette and the phone menu.

const h1 = (page: Page, name: string) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
/** In Arabic the page's own words differ: its heading is there, and settled() waits for its content. */
const inArabic = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

/** A management list: its title and its first page of rows (or its empty state). */
const list = (path: string, title: string) => async (page: Page) => {
  await page.goto(path);
  await h1(page, title);
  await expect(page.getByText(/^\d+–\d+ of \d+$|^No |^Nothing here yet\.$/).first()).toBeVisible();
};

test('dashboard', async ({ manager: page }) => {
  await shootScreen(
    page,
    'dashboard',
    async (p, locale) => {
      await p.goto('/');
      if (locale === 'ar') return inArabic(p);
      await h1(p, 'Dashboard');
      await expect(p.getByRole('link', { name: /^Open / }).first()).toBeVisible();
    },
    { arabic: true },
  );
});

test('site dashboard of a care home, charting its medication fridge', async ({ manager: page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Open Oakfield House Care Home' }).click();
  await expect(page).toHaveURL(/feeds=/);
  // The chart shows the home's medication fridges alone, chosen as a person would.
  const feeds = page.getByRole('group', { name: 'Feeds on the chart' });
  const fridges = feeds.getByRole('checkbox', { name: /^Medication Fridge .* · Temperature$/ });
  for (const box of await fridges.all()) await box.check();
  const others = feeds.getByRole('checkbox', { checked: true }).and(feeds.getByRole('checkbox', { name: /^(?!Medication Fridge)/ }));
  while ((await others.count()) > 0) await others.first().uncheck();
  await expect(feeds.getByRole('checkbox', { checked: true })).toHaveCount(await fridges.count());
  const url = page.url();
  // The whole page: the chart and the min/max table are below the fold even at 1920.
  await shootScreen(
    page,
    'site-dashboard',
    async (p, locale) => {
      await p.goto(url);
      await h1(p, 'Oakfield House Care Home');
      if (locale === 'en') await expect(p.getByRole('img', { name: /Readings chart/ })).toBeVisible();
    },
    { wholePage: true, arabic: true },
  );
});

test('my companies', async ({ manager: page }) => {
  await shootScreen(page, 'my-companies', async (p) => {
    await p.goto('/my-companies');
    await h1(p, 'My Companies');
    await expect(p.getByRole('main').getByText('Northwind Care Homes').first()).toBeAttached();
  });
});

test('my profile', async ({ manager: page }) => {
  await shootScreen(page, 'my-profile', async (p) => {
    await p.goto('/my-profile');
    await h1(p, 'My Profile');
    await expect(p.getByLabel('Name', { exact: true })).toHaveValue('Max Manager');
  });
});

test('node tags', async ({ manager: page }) => {
  await shootScreen(page, 'node-tags', list('/node-tags', 'Node Tags'));
});

test('displays', async ({ manager: page }) => {
  // The world has no display: the empty list says how to make one (a display made here would show in the audit log).
  await shootScreen(page, 'displays', list('/displays', 'Displays'));
});

test('users', async ({ manager: page }) => {
  await shootScreen(page, 'users', list('/users', 'Users'));
});

test('sites', async ({ manager: page }) => {
  await shootScreen(page, 'sites', list('/sites', 'Sites'));
});

test('hubs', async ({ manager: page }) => {
  await shootScreen(page, 'hubs', list('/hubs', 'Hubs'));
});

test('nodes', async ({ manager: page }) => {
  await shootScreen(page, 'nodes', list('/nodes', 'Nodes'));
});

test('feeds', async ({ manager: page }) => {
  await shootScreen(page, 'feeds', list('/feeds', 'Feeds'));
});

test('signal types', async ({ manager: page }) => {
  await shootScreen(page, 'signal-types', list('/signal-types', 'Signal Types'));
});

test('alerts', async ({ manager: page }) => {
  await shootScreen(page, 'alerts', list('/alerts', 'Alerts'));
});

test('messages manager', async ({ manager: page }) => {
  await shootScreen(page, 'messages-manager', list('/messages-manager', 'Messages Manager'));
});

test('alert events', async ({ manager: page }) => {
  await shootScreen(
    page,
    'alert-events',
    async (p, locale) => {
      await p.goto('/alert-events');
      if (locale === 'ar') return inArabic(p);
      await h1(p, 'Alert Events');
      await expect(p.getByText(/^[\d,]+ of [\d,]+ events ·|^No alert events/).first()).toBeVisible();
    },
    { arabic: true },
  );
});

test('reports', async ({ manager: page }) => {
  await shootScreen(
    page,
    'reports',
    async (p, locale) => {
      await p.goto('/reports');
      if (locale === 'ar') return inArabic(p);
      await h1(p, 'Reports');
      await expect(p.getByText(/^No reports for this site yet\.$|^Submitted$|^Draft$/).first()).toBeVisible();
    },
    { arabic: true },
  );
});

test('management: white label and the audit log', async ({ manager: page }) => {
  await shootScreen(page, 'management', async (p) => {
    await p.goto('/management');
    await h1(p, 'Management');
  });
});

test('the command palette, open on the dashboard', async ({ manager: page }) => {
  await shootScreen(page, 'palette', async (p) => {
    await p.goto('/');
    await h1(p, 'Dashboard');
    await expect(p.getByRole('link', { name: /^Open / }).first()).toBeVisible();
    await p.keyboard.press('Control+k');
    await expect(p.getByRole('dialog')).toBeVisible();
  });
});

/** A phone-only overlay, opened afresh in each theme: the page behind it is the dashboard. */
async function shootPhoneOverlay(page: Page, screen: string, openOverlay: (page: Page) => Promise<void>) {
  for (const mode of MODES) {
    await setMode(page, mode);
    await page.setViewportSize(SIZES[0]);
    await page.goto('/');
    await h1(page, 'Dashboard');
    await settled(page);
    await openOverlay(page);
    await settled(page);
    await expect.soft(page).toHaveScreenshot(shotName(screen, SIZES[0].width, mode));
  }
}

test('the phone navigation drawer, open', async ({ manager: page }) => {
  await shootPhoneOverlay(page, 'phone-navigation', async (p) => {
    await p.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(p.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });
});

test('the phone menu of the top bar, open', async ({ manager: page }) => {
  await shootPhoneOverlay(page, 'phone-menu', async (p) => {
    await p.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(p.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });
});

