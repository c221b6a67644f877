# nbconvert settings for `make demo`: offline HTML pages that request nothing from the network.
#
# - A widget output is rendered from its static text/html snapshot (kit's widgets carry one beside the live view),
#   so the HTML in build/ reads well offline; nbconvert's default would pick the live view, which needs the widget
#   renderer from a CDN and shows an empty cell without it.
# - The pages load no script (nbconvert_offline.html.j2): the lab template's require.js and MathJax <script src=...>
#   (cdnjs), its mermaid loader and the Jupyter widgets renderer (unpkg) are left out, and no widget state is
#   stored; the static snapshots need none of them (kit's notebooks hold no LaTeX and no mermaid diagrams).
# - The kernel talks to nbconvert over IPC (socket files in Jupyter's runtime folder, removed when the kernel stops)
#   instead of TCP, so ipykernel does not print "Kernel is running over TCP without encryption" once per notebook.
import os

from jupyter_core.paths import jupyter_runtime_dir

c = get_config()  # noqa: F821
c.NbConvertBase.display_data_priority = [
    "text/html", "application/vnd.jupyter.widget-view+json", "application/javascript", "text/markdown",
    "image/svg+xml", "text/latex", "image/png", "image/jpeg", "text/plain",
]
c.HTMLExporter.template_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nbconvert_offline.html.j2")
c.ExecutePreprocessor.store_widget_state = False
os.makedirs(jupyter_runtime_dir(), exist_ok=True)
c.KernelManager.transport = "ipc"
c.KernelManager.ip = os.path.join(jupyter_runtime_dir(), f"kit-nbconvert-{os.getpid()}")
