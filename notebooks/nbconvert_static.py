# nbconvert settings for `make demo`: a widget output is rendered from its static text/html snapshot (kit's
# widgets carry one beside the live view), so the HTML in build/ reads well offline; nbconvert's default would
# pick the live view, which needs the widget renderer from a CDN and shows an empty cell without it.
c = get_config()  # noqa: F821
c.NbConvertBase.display_data_priority = [
    "text/html", "application/vnd.jupyter.widget-view+json", "application/javascript", "text/markdown",
    "image/svg+xml", "text/latex", "image/png", "image/jpeg", "text/plain",
]
