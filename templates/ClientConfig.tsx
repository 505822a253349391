import { CLIENT_CONFIG_ID, clientConfigOf } from '../src/render/clientConfig.ts';
import type { SiteView } from '../src/render/viewModel.ts';
import { inlineScriptJson } from '../src/render/inlineScript.ts';

/** The configuration the client validates stored preferences against (src/client/config.ts reads it). */
export function ClientConfigScript({ site }: { site: SiteView }) {
  return <script type="application/json" id={CLIENT_CONFIG_ID} dangerouslySetInnerHTML={{ __html: inlineScriptJson(clientConfigOf(site)) }} />;
}
