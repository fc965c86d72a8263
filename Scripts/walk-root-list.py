#!/usr/bin/env python3
"""Opens every entry of a SwiftUI app's first screen in headless Chromium, one after the other.

    python3 Scripts/walk-root-list.py APP_BINARY OUT_FOLDER [WIDTH]

Serves the app (a built `@main App` of a package that depends on this one) on a free port,
opens its first screen, and for each button or link on it: opens the first screen again, clicks
the entry, waits, saves a screenshot to OUT_FOLDER (NN-name.png) and prints the screen's text.
Exits 1 if the app stops (a crash) or an entry cannot be clicked. The way TCA's case studies
were checked in Chromium (see the "SwiftUI on Linux" article); needs Debian's chromium and
chromium-driver, as the tests do.
"""
import base64, json, os, socket, subprocess, sys, time, urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    def __init__(self, width):
        self.port = free_port()
        self.process = subprocess.Popen(["/usr/bin/chromedriver", f"--port={self.port}"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                self.request("GET", "/status")
                break
            except OSError:
                time.sleep(0.05)
        options = {"binary": "/usr/bin/chromium",
                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"],
                   "mobileEmulation": {"deviceMetrics": {"width": width, "height": 800, "pixelRatio": 1}}}
        made = self.request("POST", "/session", {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}})
        self.session = made["value"]["sessionId"]

    def request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())

    def call(self, method, path, body=None):
        return self.request(method, f"/session/{self.session}{path}", body)["value"]

    def script(self, source, *arguments):
        return self.call("POST", "/execute/sync", {"script": source, "args": list(arguments)})

    def close(self):
        try:
            self.call("DELETE", "")
        except OSError:
            pass
        self.process.kill()


# The entries of the first screen: its buttons and links, by their text, in page order.
ENTRIES = "return [...document.querySelectorAll('.sui-screen a, .sui-screen button')].map(e => e.innerText.trim()).filter(t => t)"
# Clicks the n-th button or link of that text (a real click, as WebDriver does one).
FIND = """
const [text, n] = arguments;
const found = [...document.querySelectorAll('.sui-screen a, .sui-screen button')].filter(e => e.innerText.trim() === text);
if (found.length <= n) return null;
found[n].scrollIntoView({block: 'center'});
return found[n];
"""


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    binary, folder = sys.argv[1], sys.argv[2]
    width = int(sys.argv[3]) if len(sys.argv) > 3 else 375
    os.makedirs(folder, exist_ok=True)
    port = free_port()
    app = subprocess.Popen([binary], env=dict(os.environ, PORT=str(port)),
                           stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "app.log"), "w"))
    time.sleep(2)
    driver = Driver(width)
    failures = 0
    try:
        address = f"http://127.0.0.1:{port}/"
        driver.call("POST", "/url", {"url": address})
        time.sleep(2)
        entries = driver.script(ENTRIES)
        seen = {}
        for index, name in enumerate(entries):
            n = seen.get(name, 0)
            seen[name] = n + 1
            driver.call("POST", "/url", {"url": address})
            time.sleep(1.5)
            element = driver.script(FIND, name, n)
            if element is None or app.poll() is not None:
                print(f"{index:02d} {name}: could not be clicked" + (" (the app stopped)" if app.poll() is not None else ""))
                failures += 1
                break
            driver.call("POST", f"/element/{list(element.values())[0]}/click", {})
            time.sleep(1.5)
            slug = "".join(c if c.isalnum() else "-" for c in name)
            with open(os.path.join(folder, f"{index:02d}-{slug}.png"), "wb") as shot:
                shot.write(base64.b64decode(driver.call("GET", "/screenshot")))
            text = driver.script("return document.querySelector('#cw-root') ? document.querySelector('#cw-root').innerText : document.body.innerText")
            print(f"{index:02d} {name}: " + " | ".join(line for line in text.split("\n") if line)[:300])
        if app.poll() is not None:
            print(f"the app stopped with status {app.returncode}: see {folder}/app.log")
            failures += 1
    finally:
        driver.close()
        app.kill()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
