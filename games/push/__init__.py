"""Web Push: the site calls players back where they are (a phone's lock screen), installs as
an app (manifest, service worker, offline page), and takes a window's answer that needs no
choice in one tap. See PUSH.md."""
