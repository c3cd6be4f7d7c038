// Firefox for the browser suite: Debian's firefox-esr driven by puppeteer-core over WebDriver
// BiDi (no browser download). Its preferences switch off every service that would call the
// internet (updates, telemetry, remote settings, Safe Browsing, captive portal, DNS over HTTPS),
// and a proxy on a dead local port takes every request but loopback's.
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort } from '../../helpers/server-process';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** True when Debian's firefox-esr is installed. */
export function firefoxAvailable(): boolean {
  return existsSync(FIREFOX_PATH);
}

/** Preferences that keep Firefox off the internet; `deadPort` is a local port nothing listens on. */
function offlinePrefs(deadPort: number): Record<string, unknown> {
  return {
    'app.update.enabled': false,
    'app.update.auto': false,
    'app.normandy.enabled': false,
    'app.shield.optoutstudies.enabled': false,
    'messaging-system.rsexperimentloader.enabled': false,
    'nimbus.enabled': false,
    'datareporting.healthreport.uploadEnabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.enabled': false,
    'toolkit.telemetry.unified': false,
    'toolkit.telemetry.archive.enabled': false,
    'browser.ping-centre.telemetry': false,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'services.settings.server': `http://127.0.0.1:${deadPort}/`,
    'browser.safebrowsing.malware.enabled': false,
    'browser.safebrowsing.phishing.enabled': false,
    'browser.safebrowsing.downloads.enabled': false,
    'browser.safebrowsing.downloads.remote.enabled': false,
    'browser.safebrowsing.provider.google4.updateURL': '',
    'browser.safebrowsing.provider.mozilla.updateURL': '',
    'extensions.update.enabled': false,
    'extensions.getAddons.cache.enabled': false,
    'extensions.blocklist.enabled': false,
    'browser.search.update': false,
    'browser.newtabpage.enabled': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'network.trr.mode': 5,
    'network.dns.disablePrefetch': true,
    'network.prefetch-next': false,
    'network.predictor.enabled': false,
    'network.proxy.type': 1,
    'network.proxy.http': '127.0.0.1',
    'network.proxy.http_port': deadPort,
    'network.proxy.ssl': '127.0.0.1',
    'network.proxy.ssl_port': deadPort,
    'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
    'network.proxy.allow_hijacking_localhost': false,
    // Service workers over plain http on 127.0.0.1 (a secure context) and in automation.
    'dom.serviceWorkers.enabled': true,
    'dom.serviceWorkers.testing.enabled': true,
  };
}

/** Launches headless firefox-esr over WebDriver BiDi. */
export async function launchFirefox(): Promise<Browser> {
  const deadPort = await freePort();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    protocol: 'webDriverBiDi',
    headless: true,
    extraPrefsFirefox: offlinePrefs(deadPort),
  });
}
