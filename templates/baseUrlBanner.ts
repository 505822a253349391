import { inlineScriptJson } from '../src/render/inlineScript.ts';

/**
 * The home page's check that the site is served where it was built for. A
 * site built for another base address loads none of its stylesheets and
 * scripts, so the check runs inline, where it is written in the page, and the
 * banner it inserts carries its own styles (dark text on amber in either
 * colour mode). It runs before the page is first painted: nothing moves.
 */
export function baseUrlBannerScript(baseUrl: string): string {
  return `(function(b){var p=location.pathname.replace(/index(\\.html)?$/,'');if(p.charAt(p.length-1)!=='/')p+='/';if(p===b)return;var s=document.currentScript,d=document.createElement('div');d.className='base-url-banner';d.setAttribute('role','alert');d.style.cssText='margin:0;padding:12px 16px;background:#fff4d6;color:#4a2f00;border-bottom:2px solid #7a4d00;font:16px/1.5 system-ui,sans-serif;text-align:center;overflow-wrap:anywhere';d.textContent='This site did not load properly: it is configured for the base address "'+b+'" but is served at "'+p+'", so its styles and scripts are looked for in the wrong place. Set baseUrl: "'+p+'" in content/site.yaml (or pass --base-url '+p+') and build again.';s.parentNode.insertBefore(d,s)})(${inlineScriptJson(baseUrl)});`;
}
