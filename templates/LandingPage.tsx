import type { LandingView, SiteView } from '../src/render/viewModel.ts';
import { baseUrlBannerScript } from './baseUrlBanner.ts';

export function LandingPage({ site, view }: { site: SiteView; view: LandingView }) {
  const { hero, features } = view.landing;
  const link = (to: string) => `${site.baseUrl.replace(/\/$/, '')}${to}`;
  return (
    <main id="main" className="landing" tabIndex={-1}>
      <script dangerouslySetInnerHTML={{ __html: baseUrlBannerScript(site.baseUrl) }} />
      <header className="hero">
        <div className="hero-inner">
          <h1 className="hero-title">{hero.title ?? site.title}</h1>
          <p className="hero-tagline">{hero.tagline ?? site.tagline}</p>
          {hero.lead ? <p className="hero-lead">{hero.lead}</p> : null}
          <div className="hero-actions">
            <a className="button button-primary" href={link(hero.cta.to)}>
              {hero.cta.label}
            </a>
            {hero.secondary ? (
              <a className="button button-secondary" href={link(hero.secondary.to)}>
                {hero.secondary.label}
              </a>
            ) : null}
          </div>
        </div>
      </header>
      {features.length > 0 ? (
        <section className="features" aria-labelledby="features-title">
          <h2 id="features-title" className="visually-hidden">
            What the broker does
          </h2>
          <ul className="feature-grid">
            {features.map((feature) => (
              <li key={feature.title} className="feature">
                <h3>{feature.title}</h3>
                <p>{feature.body}</p>
                <a href={link(feature.to)}>{feature.linkLabel} →</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
