"""The players' town square in their browsers: one server, one web page (page/)."""
