import { Head, useBaseUrl, type PageProps } from 'mapsdocs/page';

/** The home page: a page component (content/pages/index.tsx → /), rendered once at build time inside the site's layout. */

interface Feature {
  title: string;
  body: string;
  to: string;
  linkLabel: string;
}

const FEATURES: Feature[] = [
  {
    title: 'Protocol translation',
    body: 'Every protocol adapter publishes into and subscribes from the same engine, so a message sent over MQTT reaches AMQP, STOMP, NATS, CoAP and REST subscribers without a bridge. Transformation rules can convert payloads to JSON, schema-based formats or CloudEvents on the way out.',
    to: '/docs/protocols/translation-overview',
    linkLabel: 'How translation works',
  },
  {
    title: 'Transports',
    body: 'Listeners run over TCP, TLS, UDP, DTLS, WebSocket, serial lines, CAN bus and LoRa radios, each defined by a URL in NetworkManager.yaml. One TCP port can serve MQTT, AMQP, STOMP, NATS and WebSocket clients together, detected from the first bytes of each connection.',
    to: '/docs/transports/tcp',
    linkLabel: 'Configure transports',
  },
  {
    title: 'Security',
    body: 'Each listener names its own JAAS authentication realm, backed by encrypted files, htpasswd, LDAP, Unix accounts, Auth0 or AWS Cognito. Access control lists, account lockout, password policy and TLS with client certificates are configured per server.',
    to: '/docs/security/overview',
    linkLabel: 'Secure the server',
  },
  {
    title: 'Monitoring',
    body: "Broker statistics are published on $SYS topics that any MQTT client can read, and the REST API on port 8080 reports health, subsystem status, connections and a live log stream. JMX and an embedded Jolokia agent expose the server's internals.",
    to: '/docs/monitoring/overview',
    linkLabel: 'Monitor the broker',
  },
  {
    title: 'Machine learning',
    body: 'The ML build adds a model store and selector functions such as isolation_forest, k-means and random_forest that run inside JMS selectors. A link or subscription that calls a model passes only the messages it flags, so only interesting data leaves the edge.',
    to: '/docs/ml/overview',
    linkLabel: 'Explore ML features',
  },
  {
    title: 'Satellite IoT',
    body: 'A cloud-side gateway polls the Viasat/Inmarsat and ORBCOMM provider APIs, while a modem-side adapter drives satellite modems over serial AT commands. Messages are batched, compressed and optionally encrypted per topic to keep airtime costs down.',
    to: '/docs/protocols/viasat/overview',
    linkLabel: 'Satellite messaging',
  },
];

const LEAD =
  'An open-source IoT message broker that lets MQTT, MQTT-SN, AMQP, STOMP, NATS, CoAP, LoRa and satellite-modem clients exchange messages through one shared topic namespace. Release 4.4.1 runs on Java 21 as a single server process, on edge gateways as well as in the cloud.';

function FeatureCard({ feature }: { feature: Feature }) {
  return (
    <li className="feature">
      <h3>{feature.title}</h3>
      <p>{feature.body}</p>
      <a href={useBaseUrl(feature.to)}>{feature.linkLabel} →</a>
    </li>
  );
}

export default function Home({ site }: PageProps) {
  return (
    <>
      <Head description={LEAD} />
      <header className="hero">
        <div className="hero-inner">
          <h1 className="hero-title">{site.title}</h1>
          <p className="hero-tagline">{site.tagline}</p>
          <p className="hero-lead">{LEAD}</p>
          <div className="hero-actions">
            <a className="button button-primary" href={useBaseUrl('/docs/intro')}>
              Get started
            </a>
            <a className="button button-secondary" href={useBaseUrl('/docs/api/reference')}>
              API reference
            </a>
          </div>
        </div>
      </header>
      <section className="features" aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          What the broker does
        </h2>
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </section>
    </>
  );
}
