"""The handler of examples/long_report: a slow tool that reports progress, for tasks (POST /call_tool, GET /callback)."""

import anyio

from atdf_mcp.context import ToolContext


async def build_report(topic: str, pages: int, ctx: ToolContext) -> dict:
    """Write `pages` pages about `topic`, one a second, reporting progress after each."""
    for page in range(1, pages + 1):
        await anyio.sleep(1)
        await ctx.report_progress(page, pages, f"page {page} of {pages} written")
    await ctx.log("info", f"report on {topic!r} done")
    return {"topic": topic, "pages": pages, "words": 350 * pages}
