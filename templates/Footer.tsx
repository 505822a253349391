import type { NavLinkView, SiteView } from '../src/render/viewModel.ts';
import { ExternalIcon } from './icons.tsx';

function FooterLink({ link }: { link: NavLinkView }) {
  return (
    <a className="footer-link" href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.label}
      {link.external ? <ExternalIcon /> : null}
    </a>
  );
}

export function Footer({ site }: { site: SiteView }) {
  const { footer } = site;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        {footer.columns.length > 0 ? (
          <div className="footer-columns">
            {footer.columns.map((column) => (
              <div key={column.title} className="footer-column">
                <h2 className="footer-title">{column.title}</h2>
                <ul>
                  {column.items.map((link) => (
                    <li key={link.href}>
                      <FooterLink link={link} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {footer.links.length > 0 ? (
          <ul className="footer-flat">
            {footer.links.map((link) => (
              <li key={link.href}>
                <FooterLink link={link} />
              </li>
            ))}
          </ul>
        ) : null}
        {footer.logo ? (
          <div className="footer-logo">
            {footer.logo.href !== undefined ? (
              <a href={footer.logo.href}>
                <img src={footer.logo.src} alt={footer.logo.alt} width="120" height="40" />
              </a>
            ) : (
              <img src={footer.logo.src} alt={footer.logo.alt} width="120" height="40" />
            )}
          </div>
        ) : null}
        {footer.copyright ? <p className="footer-copyright">{footer.copyright}</p> : null}
      </div>
    </footer>
  );
}
