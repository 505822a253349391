import type { NavItemView, NavLinkView, SiteView } from '../src/render/viewModel.ts';
import { CloseIcon, ExternalIcon, MenuIcon, MoonIcon, SearchIcon, SunIcon, SystemIcon } from './icons.tsx';

function NavLink({ link, className }: { link: NavLinkView; className: string }) {
  return (
    <a
      className={link.active ? `${className} active` : className}
      href={link.href}
      aria-current={link.active ? 'page' : undefined}
      data-value={link.value}
      data-version-hrefs={link.versionHrefs ? JSON.stringify(link.versionHrefs) : undefined}
      data-version-labels={link.versionLabels ? JSON.stringify(link.versionLabels) : undefined}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.label}
      {link.external ? <ExternalIcon /> : null}
    </a>
  );
}

/** The spec's labels of these dropdowns in the mobile menu (Docusaurus's "Versions" and "Languages"). */
const DROPDOWN_LABELS = { links: undefined, versions: 'Versions', locales: 'Languages' } as const;

function DropdownLabel({ item, mobile }: { item: Extract<NavItemView, { type: 'dropdown' }>; mobile: boolean }) {
  const named = DROPDOWN_LABELS[item.kind];
  if (named === undefined) return <>{item.label}</>;
  // In the menu, a list of several is introduced by what it lists; in the navbar, by the current one.
  if (mobile && item.items.length > 1) return <>{named}</>;
  return (
    <>
      <span className="visually-hidden">{named}: </span>
      <span data-current-label="">{item.label}</span>
    </>
  );
}

function NavItem({ item, index, mobile }: { item: NavItemView; index: number; mobile: boolean }) {
  switch (item.type) {
    case 'link':
      return <NavLink link={item} className="navbar-link" />;
    case 'dropdown': {
      // <details> opens without JavaScript; mobile dropdowns start collapsed unless their route is active.
      return (
        <details className="navbar-dropdown" data-kind={item.kind} open={mobile && item.active ? true : undefined}>
          <summary className="navbar-link">
            <DropdownLabel item={item} mobile={mobile} />
          </summary>
          <ul className="dropdown-menu">
            {item.items.map((link) => (
              <li key={link.href + (link.value ?? '')}>
                <NavLink link={link} className="dropdown-link" />
              </li>
            ))}
          </ul>
        </details>
      );
    }
    case 'search':
      // Hidden until the client enables search: without JavaScript there is no dead control. On narrow
      // screens only the icon shows; the label, visually hidden, still names the button.
      return (
        <button type="button" className="search-button" data-search-open hidden aria-keyshortcuts="Control+K Meta+K /">
          <SearchIcon />
          <span className="search-button-label">Search</span>
          <kbd className="search-button-key" aria-hidden="true">
            Ctrl K
          </kbd>
        </button>
      );
    case 'html':
      return <span className="navbar-html" data-index={index} dangerouslySetInnerHTML={{ __html: item.value }} />;
  }
}

export function ColorModeToggle({ site }: { site: SiteView }) {
  if (site.colorMode.disableSwitch) return null;
  const mode = `${site.colorMode.defaultMode} mode`;
  return (
    <button
      type="button"
      className="color-mode-toggle"
      data-color-mode-toggle
      data-respect-system={site.colorMode.respectPrefersColorScheme ? 'true' : 'false'}
      title={`Switch between dark and light mode (currently ${mode})`}
      aria-label={`Switch between dark and light mode (currently ${mode})`}
    >
      <SunIcon />
      <MoonIcon />
      <SystemIcon />
    </button>
  );
}

export function Navbar({ site }: { site: SiteView }) {
  const items = (list: NavItemView[], mobile: boolean) =>
    list.map((item, index) => (
      <li key={index} className="navbar-item">
        <NavItem item={item} index={index} mobile={mobile} />
      </li>
    ));
  return (
    <nav aria-label="Main" className="navbar" data-hide-on-scroll={site.navbar.hideOnScroll ? 'true' : undefined}>
      <div className="navbar-inner">
        <button type="button" className="navbar-toggle" aria-label="Toggle navigation bar" aria-expanded="false" aria-controls="mobile-menu" hidden>
          <MenuIcon />
        </button>
        <a className="navbar-brand" href={site.baseUrl}>
          {site.navbar.logo ? <img className="navbar-logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width="32" height="32" /> : null}
          <span className="navbar-title">{site.navbar.title}</span>
        </a>
        <ul className="navbar-items navbar-left">{items(site.navbar.left, false)}</ul>
        <ul className="navbar-items navbar-right">
          {items(site.navbar.right, false)}
          <li className="navbar-item">
            <ColorModeToggle site={site} />
          </li>
        </ul>
      </div>
      <div id="mobile-menu" className="mobile-menu" hidden>
        <div className="mobile-menu-header">
          <a className="navbar-brand" href={site.baseUrl}>
            <span className="navbar-title">{site.navbar.title}</span>
          </a>
          <ColorModeToggle site={site} />
          <button type="button" className="mobile-menu-close" aria-label="Close navigation bar">
            <CloseIcon />
          </button>
        </div>
        <div className="mobile-menu-panels">
          <div className="mobile-menu-primary">
            <ul className="mobile-menu-items">{items([...site.navbar.left, ...site.navbar.right].filter((item) => item.type !== 'search'), true)}</ul>
          </div>
          <div className="mobile-menu-secondary" hidden>
            <button type="button" className="mobile-menu-back">← Back to main menu</button>
            <div className="mobile-menu-sidebar" />
          </div>
        </div>
      </div>
    </nav>
  );
}
